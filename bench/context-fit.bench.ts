// `node bench/run-all.mjs context-fit`: the request-fitting budgets of DESIGN.md 12.7 — counting
// the tokens of a 100,000-token request under 20 ms, trimming a 200-turn conversation to a window
// under 50 ms. Every run builds fresh message objects, so the per-message memo never helps.
// Medians of 9 runs after 3 warm-ups, wall and process CPU time. Prints a Markdown table.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { countTokens } from '../src/agent/context-fit/count-tokens';
import { fitRequest, messageTokens, type RequestParts } from '../src/agent/context-fit/fit-request';
import { requestBudget } from '../src/agent/context-fit/request-budget';
import type { LlmMessage } from '../src/llm';
import { seededRandom } from './seeded-random';

const RUNS = 9;
const WARMUP = 3;
const WORDS = ['the', 'studio', 'refund', 'policy', 'meeting', 'notes', 'project', 'alpha', 'budget', 'decided', 'review', 'customer', 'release', 'Größe', 'schedule', 'design', '2026-11-24', 'approval', 'finance', '退款', 'launch', 'recipe', 'über', 'café'];

function prose(random: () => number, words: number): string {
  const out: string[] = [];
  for (let index = 0; index < words; index++) out.push(`${WORDS[Math.floor(random() * WORDS.length)] ?? 'note'}${index % 14 === 13 ? '.\n' : ''}`);
  return out.join(' ');
}

/** About 100,000 cl100k tokens: a system prompt, 40 turns, each a question, a tool call, a long result and an answer. */
function bigRequest(random: () => number): string[] {
  const texts = ['You answer from the notes.'];
  for (let turn = 0; turn < 40; turn++) texts.push(`Question ${turn}?`, `{"path":"Note ${turn}.md"}`, prose(random, 1750), prose(random, 40));
  return texts;
}

/** 200 turns of question, readNote call, a 2,000-character result and an answer. */
function conversation(random: () => number): RequestParts {
  const history: LlmMessage[] = [];
  for (let turn = 0; turn < 200; turn++) {
    history.push(
      { role: 'user', content: `What does note ${turn} say?` },
      { role: 'assistant', content: '', toolCalls: [{ id: `c${turn}`, name: 'readNote', arguments: `{"path":"Note ${turn}.md"}` }] },
      { role: 'tool', toolCallId: `c${turn}`, content: prose(random, 300).slice(0, 2000) },
      { role: 'assistant', content: prose(random, 60) },
    );
  }
  return { system: [{ role: 'system', content: 'You answer from the notes.' }], history, question: 'And the latest note?', transcript: [], trailing: [], tools: [] };
}

function measure(run: () => void): { wall: number; cpu: number } {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let index = 0; index < WARMUP + RUNS; index++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    run();
    const wall = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    if (index >= WARMUP) {
      walls.push(wall);
      cpus.push((cpu.user + cpu.system) / 1000);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { wall: median(walls), cpu: median(cpus) };
}

const random = seededRandom(24);
const request = bigRequest(random);
const trueTokens = new Tiktoken(cl100k).encode(request.join('\n')).length;
const estimated = request.reduce((sum, text) => sum + countTokens(text), 0);
const counting = measure(() => {
  // Fresh message objects each run: the memo of messageTokens must not answer.
  let total = 0;
  for (const text of request) total += messageTokens({ role: 'user', content: text });
  if (total <= 0) throw new Error('nothing counted');
});

const template = conversation(seededRandom(7));
const WINDOW = 8192;
let report = '';
const trimming = measure(() => {
  const parts: RequestParts = { ...template, history: template.history.map((message) => ({ ...message })) };
  const outcome = fitRequest(parts, requestBudget(WINDOW));
  if (!outcome.fits) throw new Error('did not fit');
  report = `${outcome.report.earlierToolResults} results to one line, ${outcome.report.oldestTurns} oldest turns left out, ${outcome.tokens} tokens sent`;
});

process.stdout.write(`${`load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}; medians of ${RUNS} runs after ${WARMUP} warm-ups\n`}\n`);
process.stdout.write(`${'| what | size | median ms (wall) | median ms (CPU) | budget |'}\n`);
process.stdout.write(`${'| --- | --- | ---: | ---: | --- |'}\n`);
process.stdout.write(`${`| count a request's tokens | ${request.length} messages, ${trueTokens.toLocaleString('en-US')} cl100k tokens (estimated ${estimated.toLocaleString('en-US')}) | ${counting.wall.toFixed(2)} | ${counting.cpu.toFixed(2)} | < 20 ms: ${counting.wall < 20 ? 'met' : 'MISSED'} |`}\n`);
process.stdout.write(`${`| trim a 200-turn conversation to ${WINDOW.toLocaleString('en-US')} tokens | ${template.history.length} messages; ${report} | ${trimming.wall.toFixed(2)} | ${trimming.cpu.toFixed(2)} | < 50 ms: ${trimming.wall < 50 ? 'met' : 'MISSED'} |`}\n`);
