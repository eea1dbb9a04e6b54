import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { chatRequests } from '../support/wire-messages';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// Issue 29, DESIGN.md 12.4: `glassbox ask --prompt NAME`, through the built CLI, the real openai
// SDK and the scripted server over loopback.

const NOTES: Record<string, string> = {
  'Glassbox/Prompts/Action items.md': '---\ndescription: The action items of a set of notes\nmodel: prompt-model\n---\nList the action items in {#meeting} and compare them with {[[Plan]]}. Focus: {}\n',
  // A Copilot prompt file as Copilot writes it, read unchanged.
  'copilot-custom-prompts/Fix grammar.md': '---\ncopilot-command-context-menu-enabled: true\ncopilot-command-slash-enabled: true\ncopilot-command-context-menu-order: 10\ncopilot-command-model-key: ""\ncopilot-command-last-used: 0\n---\nFix the grammar and spelling of {}. Return only the fixed text.\n',
  'Glassbox/Prompts/Weekly review.md': 'Review {Projects/} for the week of {date}.\n',
  'Meetings/Kickoff.md': '---\ntags: [meeting]\n---\n# Kickoff\n- [ ] Maria drafts the brief\n',
  'Meetings/Retro.md': '# Retro\nTagged #meeting.\n- [ ] Sam books the venue\n',
  'Projects/Plan.md': '# Plan\nShip the alpha by March.\n',
};

let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  const answer = scenario().turn((t) => t.text('Done.'));
  server = await startModelServer({ scenarios: { answer, 'prompt-model': answer } });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-ask-prompt-'));
  for (const [path, text] of Object.entries(NOTES)) {
    await mkdir(join(vault, path, '..'), { recursive: true });
    await writeFile(join(vault, path), text);
  }
});

afterAll(async () => {
  await Promise.all([server.close(), cli.remove(), rm(vault, { recursive: true, force: true })]);
});

type Body = { model: string; messages: { role: string; content: string }[] };

async function ask(args: string[]) {
  const before = chatRequests(server).length;
  const result = await cli.run(['ask', '--vault', vault, '--base-url', server.url, ...args]);
  const requests = chatRequests(server).slice(before).map((request) => request.body as Body);
  return { ...result, requests, firstQuestion: requests[0]?.messages.at(-1)?.content ?? '' };
}

describe('glassbox ask --prompt', () => {
  it("fills the prompt's variables, attaches the notes they name, runs with its model and names it in the trace", async () => {
    const { status, stdout, requests, firstQuestion } = await ask(['--prompt', 'action items', 'the venue']);
    expect(status).toBe(0);
    expect(requests[0].model).toBe('prompt-model');
    expect(firstQuestion).toContain('List the action items in the notes tagged #meeting ([[Kickoff]], [[Retro]]) and compare them with [[Plan]]. Focus: the venue');
    for (const path of ['Meetings/Kickoff.md', 'Meetings/Retro.md', 'Projects/Plan.md']) expect(firstQuestion).toContain(`<attached path="${path}">`);
    expect(firstQuestion).toContain('Sam books the venue');
    expect(stdout).toMatch(/• Prompt "Action items" \(model prompt-model\); Attached /);
  });

  it('--model wins over the prompt’s model, and the trace does not name the prompt’s', async () => {
    const { stdout, requests } = await ask(['--prompt', 'Action items', '--model', 'answer']);
    expect(requests[0].model).toBe('answer');
    expect(stdout).toMatch(/• Prompt "Action items"; Attached /);
  });

  it("runs a Copilot prompt file unchanged, the question filling its {}", async () => {
    const { status, firstQuestion } = await ask(['--model', 'answer', '--prompt', 'Fix grammar', 'teh meeting were good']);
    expect(status).toBe(0);
    expect(firstQuestion).toContain('Fix the grammar and spelling of teh meeting were good. Return only the fixed text.');
  });

  it('fills a folder and the date, with no question at all', async () => {
    const { status, firstQuestion } = await ask(['--model', 'answer', '--prompt', 'Weekly review', '--events', 'jsonl']);
    expect(status).toBe(0);
    expect(firstQuestion).toMatch(/Review the notes in Projects\/ \(\[\[Plan\]\]\) for the week of \d{4}-\d{2}-\d{2}\./);
  });

  it('an unknown name is a usage error (exit 2) with one sentence naming the close ones', async () => {
    const { status, stderr, requests } = await ask(['--model', 'answer', '--prompt', 'Action item', 'x']);
    expect(status).toBe(2);
    expect(stderr.trim()).toBe('No prompt "Action item"; did you mean "Action items"?');
    expect(requests).toHaveLength(0);
  });
});
