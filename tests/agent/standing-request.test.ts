import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import type { AgentApprovalGate, AgentTool } from '../../src/agent';
import { buildStandingRequest, smallestWindowFor, standingRequestTokens } from '../../src/agent/standing-request';
import { createCliApprovalGate } from '../../src/cli/cli-approval-gate';
import { NodeNoteWriter } from '../../src/cli/node-note-writer';
import { createVaultTools } from '../../src/search';
import { VaultIndex } from '../../src/search/vault-index';
import { createWriteTools } from '../../src/writes/write-tools';
import { MemoryVaultSource } from '../search/support/memory-vault-source';

// DESIGN.md 13.6 (issue 38): on a window of 8,192 tokens or less the standing part of every
// request (system prompt and tool schemas) stays within 1,200 tokens, by the project's estimate
// and by cl100k_base: only the tools whose calls can happen, one thinking tool, compact words.

const tokenizer = new Tiktoken(cl100k);
let vault: string;
let tools: AgentTool[];

beforeAll(async () => {
  vault = await mkdtemp(join(tmpdir(), 'glassbox-standing-'));
  const source = new MemoryVaultSource({});
  tools = [...createVaultTools({ index: new VaultIndex(source), source }), ...createWriteTools({ writer: new NodeNoteWriter(vault), conversationsFolder: () => 'Glassbox/Conversations' })];
});

afterAll(() => rm(vault, { recursive: true, force: true }));

const stderr = { write: () => true };
/** The CLI's gates: in a pipe (no one to ask), with --allow-writes, in a terminal. */
const pipe = () => createCliApprovalGate({ allowMcp: false, allowWrites: false, prompt: undefined, stderr });
const allowWrites = () => createCliApprovalGate({ allowMcp: false, allowWrites: true, prompt: undefined, stderr });
const terminal = () => createCliApprovalGate({ allowMcp: false, allowWrites: false, prompt: () => Promise.resolve('n'), stderr });
/** The plugin's gate after "Never allow" for note writes. */
const neverWrites: AgentApprovalGate = { remembered: (scope) => (scope === 'writes' ? 'deny' : undefined), ask: () => Promise.resolve('deny'), remember: () => undefined };

const request = (windowTokens: number | undefined, approvals: AgentApprovalGate | undefined, canAskUser = false) =>
  buildStandingRequest({ tools, windowTokens, canAskUser, ...(approvals !== undefined ? { approvals } : {}), today: '2026-11-27' });
const cl100kTokens = (standing: ReturnType<typeof request>) => 4 + tokenizer.encode(standing.system).length + tokenizer.encode(JSON.stringify(standing.schemas)).length;
const names = (standing: ReturnType<typeof request>) => standing.tools.map((tool) => tool.name);

describe('the standing request', () => {
  it.each([
    ['the CLI in a pipe', pipe, false],
    ['the CLI with --allow-writes', allowWrites, false],
    ['the plugin, which can ask and approve', terminal, true],
  ] as const)('takes at most 1,200 tokens on windows of 8,192 or less: %s', (_host, gate, canAskUser) => {
    for (const windowTokens of [2048, 3000, 4096, 8192]) {
      const standing = request(windowTokens, gate(), canAskUser);
      expect(standing.compact).toBe(true);
      expect(standingRequestTokens(standing)).toBeLessThanOrEqual(1200);
      expect(cl100kTokens(standing)).toBeLessThanOrEqual(1200);
    }
  });

  it('offers no note writes on a small window when no write can be approved, and one thinking tool', () => {
    expect(names(request(4096, pipe()))).toEqual(['localSearch', 'readNote', 'getTimeRange', 'getTagNotes', 'getLinks', 'report_thinking']);
    expect(names(request(4096, neverWrites))).not.toContain('editNote');
    expect(names(request(4096, undefined))).not.toContain('createNote');
    expect(names(request(4096, allowWrites()))).toEqual(expect.arrayContaining(['createNote', 'appendToNote', 'editNote']));
    expect(names(request(4096, terminal(), true))).toEqual(['localSearch', 'readNote', 'getTimeRange', 'getTagNotes', 'getLinks', 'createNote', 'appendToNote', 'editNote', 'report_thinking', 'request_input']);
  });

  it('offers the full set, with the full descriptions, on a larger or unknown window', () => {
    for (const windowTokens of [8193, 32_768, undefined]) {
      const standing = request(windowTokens, pipe());
      expect(standing.compact).toBe(false);
      expect(names(standing)).toEqual(['localSearch', 'readNote', 'getTimeRange', 'getTagNotes', 'getLinks', 'createNote', 'appendToNote', 'editNote', 'report_thinking', 'think_aloud']);
      expect(standing.system).toContain('How to work:');
      expect(standingRequestTokens(standing)).toBeGreaterThan(2000);
    }
  });

  it('keeps what a call needs in the compact schemas: names, types, bounds and what is required', () => {
    const search = request(4096, pipe()).schemas.find((schema) => schema.name === 'localSearch');
    expect(search?.description).toMatch(/^Search the notes/);
    expect(search?.parameters).toMatchObject({ type: 'object', required: ['query'], properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 30 } } });
    expect(JSON.stringify(search)).not.toMatch(/"description":"(?!Search)/);
  });

  it('says the smallest window that holds it, asking at each size what that window would get', () => {
    expect(smallestWindowFor((windowTokens) => standingRequestTokens(request(windowTokens, pipe())))).toBe(2048);
  });
});
