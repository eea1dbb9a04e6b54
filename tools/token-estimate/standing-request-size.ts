/**
 * The standing part of every request (system prompt and tool schemas, DESIGN.md 13.6) as the
 * CLI's `ask` sends it, by the project's estimate (`countTokens`) and by cl100k_base (js-tiktoken),
 * for a window of 8,192 (compact) and of 32,768 (full), with note writes that can or cannot be
 * approved and with or without `request_input` (the plugin's runs can ask the user).
 *
 *   node --import tsx tools/token-estimate/standing-request-size.ts
 */
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import type { AgentApprovalGate } from '../../src/agent';
import { buildStandingRequest, standingRequestTokens } from '../../src/agent/standing-request';
import { createVaultTools, VaultIndex } from '../../src/search';
import { createWriteTools } from '../../src/writes/write-tools';

const tokenizer = new Tiktoken(cl100k);
const gate = (canAsk: boolean): AgentApprovalGate => ({ canAsk, remembered: () => undefined, ask: () => Promise.resolve('deny'), remember: () => undefined });

async function main(): Promise<void> {
  const source = { listNotes: () => Promise.resolve([]), read: () => Promise.resolve('') };
  const index = await VaultIndex.build(source);
  const tools = [...createVaultTools({ index, source }), ...createWriteTools({ writer: { read: () => Promise.resolve(null), create: () => Promise.resolve(), replace: () => Promise.resolve() } as never, conversationsFolder: () => 'Glassbox/Conversations' })];
  const cases = [
    { name: 'CLI in a pipe (writes cannot be approved)', approvals: gate(false), canAskUser: false },
    { name: 'CLI with --allow-writes or a terminal', approvals: gate(true), canAskUser: false },
    { name: 'plugin (writes approved, can ask the user)', approvals: gate(true), canAskUser: true },
  ];
  process.stdout.write('case | window | tools | estimate | cl100k (system + tools JSON + 4)\n');
  for (const entry of cases) {
    for (const windowTokens of [8192, 32768]) {
      const request = buildStandingRequest({ tools, windowTokens, canAskUser: entry.canAskUser, approvals: entry.approvals, today: '2026-11-27' });
      const real = 4 + tokenizer.encode(request.system).length + tokenizer.encode(JSON.stringify(request.schemas)).length;
      process.stdout.write(`${entry.name} | ${windowTokens} | ${request.tools.length} | ${standingRequestTokens(request)} | ${real}\n`);
    }
  }
}

void main();
