import type { AgentEvent } from '../../src/agent/events';
import { seededRandom } from '../seeded-random';

/** One event of the benchmark run and when it arrives, in ms after the run starts. */
export interface TimedAgentEvent {
  readonly offsetMs: number;
  readonly event: AgentEvent;
}

/** The benchmark's run: its events, and what a renderer must end up showing. */
export interface StreamingRun {
  readonly events: readonly TimedAgentEvent[];
  /** Each step's summary, in order; the visibility check looks for these in the DOM. */
  readonly stepSummaries: readonly string[];
  readonly answer: string;
  readonly answerTokens: number;
  readonly durationMs: number;
}

/** Shape of {@link buildStreamingRun}'s run. */
export interface StreamingRunOptions {
  readonly steps?: number;
  readonly answerTokens?: number;
  /** Gap between two steps. */
  readonly stepGapMs?: number;
  /** Answer speed. */
  readonly tokensPerSecond?: number;
  /** Epoch ms of `run_start`. */
  readonly startedAt?: number;
}

const WORDS = (
  'dock slot rider pass refund firmware rollout lock sensor battery modem weekly sync pricing ' +
  'experiment decision owner quarter goal unlock rate offline bluetooth vector tiles warehouse ' +
  'snapshot policy leave rotation severity handover review budget Lisbon Porto pilot median ride'
).split(' ');

const random = seededRandom;

/**
 * The answer as a list of tokens (a word with its leading space, punctuation, or Markdown
 * syntax), shaped like a real long answer: headings, paragraphs with `[[wikilinks]]` and bold,
 * bullet lists, a table and a fenced code block, repeated in sections until `count` tokens.
 */
export function buildAnswerTokens(count: number, seed = 7): string[] {
  const next = random(seed);
  const word = (): string => WORDS[Math.floor(next() * WORDS.length)];
  const tokens: string[] = [];
  let section = 0;
  while (tokens.length < count) {
    section += 1;
    tokens.push(section === 1 ? '## ' : '\n\n## ', 'Section', ` ${section}`, ':', ` ${word()}`, '\n\n');
    for (let paragraph = 0; paragraph < 2; paragraph += 1) {
      const length = 40 + Math.floor(next() * 30);
      for (let index = 0; index < length; index += 1) {
        const roll = next();
        if (roll < 0.04) tokens.push(' [[', 'Pedalpath', ' pricing', ' experiment', ']]');
        else if (roll < 0.07) tokens.push(' **', word(), '**');
        else tokens.push(index === 0 ? word() : ` ${word()}`);
        if (next() < 0.08) tokens.push('.');
      }
      tokens.push('.', '\n\n');
    }
    for (let item = 0; item < 4; item += 1) tokens.push('- ', word(), ` ${word()}`, ` ${word()}`, ':', ` ${Math.floor(next() * 100)}%`, '\n');
    if (section % 3 === 0) tokens.push('\n| dock', ' | rides', ' |\n', '| --- | --- |\n', `| ${word()}`, ` | ${Math.floor(next() * 900)}`, ' |\n');
    if (section % 4 === 0) tokens.push('\n```ts\n', 'const', ' unlockTimeoutMs', ' =', ' 60_000', ';\n', '```\n');
  }
  return tokens.slice(0, count);
}

/**
 * Builds the benchmark's run deterministically (DESIGN.md 10): `run_start`, `steps` steps (two
 * tool calls — `localSearch`, then `readNote` — for every narrated thought, each tool step sent
 * as step + `tool_start`, then `tool_end` + the finished step with a 1,500-character output),
 * then `answer_start` and one `text_delta` per answer token, then `run_end`.
 */
export function buildStreamingRun(options: StreamingRunOptions = {}): StreamingRun {
  const stepCount = options.steps ?? 20;
  const answerTokens = options.answerTokens ?? 5000;
  const stepGapMs = options.stepGapMs ?? 150;
  const tokenGapMs = 1000 / (options.tokensPerSecond ?? 500);
  const startedAt = options.startedAt ?? 1_763_768_491_000;
  const runId = 'bench-run';
  const events: TimedAgentEvent[] = [];
  const push = (offsetMs: number, event: AgentEvent): void => {
    events.push({ offsetMs, event });
  };
  const at = (offsetMs: number): number => startedAt + Math.round(offsetMs);
  push(0, { type: 'run_start', runId, at: at(0), model: 'bench-model', question: 'What did we decide about pricing, and why?' });
  const stepSummaries: string[] = [];
  for (let index = 0; index < stepCount; index += 1) {
    // 3 ms more per step, so steps land at every phase of the 16.7 ms frame, not on frame edges.
    const offset = 100 + index * (stepGapMs + 3);
    const id = `s${index + 1}`;
    if (index % 3 === 0) {
      const summary = `Plan ${index + 1}: look for the pricing decision and its reasons`;
      stepSummaries.push(summary);
      push(offset, { type: 'step', runId, at: at(offset), step: { id, kind: 'thought', summary, detail: 'The weekly syncs and the pricing review should say who decided what.', at: at(offset), thoughtType: 'planning' } });
      continue;
    }
    const search = index % 3 === 1;
    const name = search ? 'localSearch' : 'readNote';
    const args = search ? { query: `pricing decision ${index + 1}` } : { path: `Meetings/Note ${index + 1}.md` };
    const summary = search ? `Searched for "pricing decision ${index + 1}"` : `Read Meetings/Note ${index + 1}.md`;
    stepSummaries.push(summary);
    const callId = `call_${index + 1}`;
    push(offset, { type: 'step', runId, at: at(offset), step: { id, kind: 'tool', summary, at: at(offset), tool: { name, args, status: 'running' } } });
    push(offset, { type: 'tool_start', runId, at: at(offset), stepId: id, callId, name, args });
    const endOffset = offset + stepGapMs * 0.6;
    const output = `Result ${index + 1}: `.padEnd(1500, ' passes become the default offer for new riders;');
    push(endOffset, { type: 'tool_end', runId, at: at(endOffset), stepId: id, callId, name, status: 'ok', durationMs: Math.round(stepGapMs * 0.6), output });
  }
  const answerStart = 100 + stepCount * (stepGapMs + 3);
  push(answerStart, { type: 'answer_start', runId, at: at(answerStart) });
  const tokens = buildAnswerTokens(answerTokens);
  tokens.forEach((text, index) => {
    const offset = answerStart + index * tokenGapMs;
    push(offset, { type: 'text_delta', runId, at: at(offset), text });
  });
  const end = answerStart + tokens.length * tokenGapMs;
  push(end, { type: 'run_end', runId, at: at(end), status: 'complete', elapsedMs: Math.round(answerStart) });
  return { events, stepSummaries, answer: tokens.join(''), answerTokens: tokens.length, durationMs: end };
}
