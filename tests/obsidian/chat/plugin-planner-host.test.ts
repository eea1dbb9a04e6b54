import type { RunPlannerHost } from '../../../src/agent';
import { createRunSetup, indexWaitNotice } from '../../../src/obsidian/chat/run-setup';
import { loadGlassboxSettings } from '../../../src/settings';
import { createFakeApp } from '../../../tools/fake-obsidian';

// DESIGN.md 13.2 (issue 37 item 3): the plugin's run planner host is built once per settings
// change, not per run; what differs between runs (the question, what it attaches, who is told
// that it waits) travels with the run. The real planner runs; this records the host it is given.
const hosts: RunPlannerHost[] = [];
jest.mock('../../../src/agent/run-planner', () => {
  const actual = jest.requireActual<typeof import('../../../src/agent/run-planner')>('../../../src/agent/run-planner');
  return {
    ...actual,
    planRun: (host: RunPlannerHost, ...rest: [string, Parameters<typeof actual.planRun>[2]]) => {
      hosts.push(host);
      return actual.planRun(host, ...rest);
    },
  };
});

const NOTES = { 'Refund policy.md': '# Refund policy\nRefunds take 14 days.', 'Shipping.md': '# Shipping\nParcels leave on Mondays.' };

function setup(vaultTools: Parameters<typeof createRunSetup>[0]['vaultTools'] = { current: () => ({ tools: [] }) }) {
  hosts.length = 0;
  const app = createFakeApp({ files: NOTES });
  // The window is the setting's: no server is asked, and the model client is made but not used.
  const settings = loadGlassboxSettings({ baseUrl: 'http://127.0.0.1:9/v1', provider: 'custom', apiKeySecretName: '', contextWindows: { qwen3: 32_768 } });
  const prepare = createRunSetup({ app: app as never, settings: { settings, saveSettings: () => Promise.resolve() }, vaultTools });
  return { app, settings, prepare };
}

const attachedPaths = (setup: Awaited<ReturnType<ReturnType<typeof createRunSetup>>>) => setup.context?.attachments.map((attachment) => attachment.path);

describe('the plugin’s run planner host', () => {
  it('is one object for runs with unchanged settings, each run planned for its own question', async () => {
    const { prepare } = setup();
    const first = await prepare('qwen3', { question: 'How long do [[Refund policy|refunds]] take?' });
    const second = await prepare('qwen3', { question: 'When do parcels leave?', context: { notes: ['Shipping.md'] } });
    expect(hosts).toHaveLength(2);
    expect(hosts[1]).toBe(hosts[0]);
    expect(second.model).toBe(first.model);
    expect(attachedPaths(first)).toEqual(['Refund policy.md']);
    expect(attachedPaths(second)).toEqual(['Shipping.md']);
  });

  it('is made again after a settings change, which the next run then follows', async () => {
    const { app, settings, prepare } = setup();
    await prepare('qwen3', { question: 'Hello?' });
    // A refusal of tools the sessions remember, as chat-sessions.ts writes it after a run.
    settings.modelsWithoutTools = { ...settings.modelsWithoutTools, qwen3: 'does not support tools' };
    const refused = await prepare('qwen3', { question: 'Hello?' });
    expect(refused.withoutTools).toBe('does not support tools');
    // The budget for attached notes, then a key set in SecretStorage.
    settings.contextBudgetTokens = 1000;
    const smaller = await prepare('qwen3', { question: 'Hello?', context: { notes: ['Refund policy.md'] } });
    expect(smaller.context?.budgetTokens).toBe(1000);
    settings.apiKeySecretName = 'glassbox-api-key';
    app.secretStorage.setSecret('glassbox-api-key', 'sk-new');
    const keyed = await prepare('qwen3', { question: 'Hello?' });
    expect(new Set(hosts).size).toBe(4);
    expect(keyed.model).not.toBe(smaller.model);
    // Unchanged again: the last host serves the next run.
    await prepare('qwen3', { question: 'Hello again?' });
    expect(hosts[4]).toBe(hosts[3]);
  });

  it('tells the run that waits for the index, not an earlier run through the same host', async () => {
    let opening = true;
    const vaultTools = {
      current: () => ({ tools: [] }),
      get opening() {
        return opening;
      },
      whenSettledWithin: () => {
        opening = false;
        return Promise.resolve();
      },
    };
    const { prepare } = setup(vaultTools);
    const earlier: string[] = [];
    await prepare('qwen3', { question: 'First?', onWaiting: (what) => earlier.push(what) });
    expect(earlier).toEqual([indexWaitNotice()]);
    // The index is reopening (e.g. a rebuild): the next question waits too, and is the one told.
    opening = true;
    const later: string[] = [];
    await prepare('qwen3', { question: 'Second?', onWaiting: (what) => later.push(what) });
    expect(hosts[1]).toBe(hosts[0]);
    expect(later).toEqual([indexWaitNotice()]);
    expect(earlier).toHaveLength(1);
  });
});
