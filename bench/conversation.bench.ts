// `npm run bench` (or `node bench/run-all.mjs conversation`): conversations as notes (DESIGN.md 6, 10).
// 1. A 200-turn conversation note: serialize, parse, the end-of-turn save merge, and the reading
//    view's header scan, against a JSON round trip of the same data (the floor for reading it).
//    The same note in the format before issue 15 (tool results inline twice): parse, and the save
//    that upgrades every trailer.
// 2. Note size (issue 15): bytes per turn and the share of the note that is comments, for a realistic
//    turn over the demo vault (two searches, two reads), before and after storing results once.
// 3. Opening it in the chat's message list in jsdom: every message at once (baseline) against the
//    app's MessageList and a useLazyMessages list, time to first paint and messages in the DOM.
import { JSDOM } from 'jsdom';
import { loadavg } from 'node:os';
import { setImmediate as realSetImmediate } from 'node:timers';
import { baselineOf, findAssistantHeaders, mergeConversationIntoNote, parseConversationNote, serializeConversationNote } from '../src/conversation';
import { buildLongConversation } from './conversation/long-conversation';
import { inEarlierFormat } from './conversation/earlier-format';
import { buildRealisticTurn } from './conversation/realistic-turn';
import { median } from './median';

const RUNS = 7;
const WARMUP = 2;
const TURNS = 200;


function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function time(work: () => void): number {
  const times: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const started = cpuMs();
    work();
    if (run >= WARMUP) times.push(cpuMs() - started);
  }
  return median(times);
}

const format = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

function noteBench(): void {
  const conversation = buildLongConversation(TURNS);
  const note = serializeConversationNote(conversation);
  const next = { ...conversation, messages: [...conversation.messages, { id: 'new', role: 'user' as const, at: 1, content: 'One more question?' }] };
  const baseline = baselineOf(conversation);
  const parsed = parseConversationNote(note);
  if (!parsed.ok || parsed.value.messages.length !== TURNS * 2) throw new Error('the bench note does not parse back');
  const json = JSON.stringify(conversation);
  const earlier = inEarlierFormat(note, conversation);
  const upgraded = mergeConversationIntoNote({ currentText: earlier, conversation: next, baseline });
  const current = mergeConversationIntoNote({ currentText: note, conversation: next, baseline });
  if (!upgraded.ok || !current.ok || upgraded.upgraded !== TURNS || upgraded.text !== current.text) throw new Error('the earlier-format note does not upgrade');
  const rows: [string, number][] = [
    ['JSON.parse(JSON.stringify(conversation)) — baseline', time(() => JSON.parse(JSON.stringify(conversation)))],
    ['serializeConversationNote', time(() => serializeConversationNote(conversation))],
    ['parseConversationNote (incl. marker check of every answer)', time(() => parseConversationNote(note))],
    ['mergeConversationIntoNote (save of one new turn)', time(() => mergeConversationIntoNote({ currentText: note, conversation: next, baseline }))],
    ['findAssistantHeaders (reading view)', time(() => findAssistantHeaders(note))],
    ['parseConversationNote, the same note in the earlier format', time(() => parseConversationNote(earlier))],
    ['mergeConversationIntoNote, earlier format (upgrades all 200 trailers)', time(() => mergeConversationIntoNote({ currentText: earlier, conversation: next, baseline }))],
  ];
  process.stdout.write(`### ${TURNS}-turn conversation note (${(note.length / 1024 / 1024).toFixed(2)} MB of note, ${(json.length / 1024 / 1024).toFixed(2)} MB as JSON)\n\n`);
  process.stdout.write('| operation | median ms | × baseline |\n| --- | ---: | ---: |\n');
  const floor = rows[0][1];
  for (const [name, ms] of rows) process.stdout.write(`| ${name} | ${format(ms)} | ${(ms / floor).toFixed(1)} |\n`);
  process.stdout.write(`\nProcess CPU time, ${RUNS} runs after ${WARMUP} warm-up runs, medians, Node ${process.version}.\n\n`);
}

function adversarialBench(): void {
  const MB = 1024 * 1024;
  const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
  const head = '---\nid: adversarial\ntags:\n  - glassbox\n---\n\n';
  const cases: [string, string][] = [
    ['1 MB of role headers (about 50,000 messages)', head + fill('### 🧑 You · 2026-11-22 10:15\n')],
    ['one 1 MB message of backslash-escaped header lines', `${head}### 🧑 You\n\n${fill('\\\\\\### 🤖 Glassbox\n')}`],
    ['one 1 MB line of backslashes', `${head}### 🧑 You\n\n${fill('\\')}`],
    ['frontmatter of 1 MB without a colon', `---\n${fill('x')}\n---\n\n### 🧑 You\n\nHi\n`],
    ['import: one 1 MB line of spaces after **user**:', `**user**: ${fill(' ')}x [Timestamp: 2025/12/30 03:49:46]\n`],
    ['import: 1 MB of unclosed code fences', `**user**: hi\n${fill('```\n**ai**: no\n')}`],
  ];
  process.stdout.write('### Adversarial 1 MB notes (parse must stay linear, DESIGN.md 3.3)\n\n| input | parseConversationNote median ms | messages |\n| --- | ---: | ---: |\n');
  for (const [name, text] of cases) {
    let messages = 0;
    const ms = time(() => {
      const parsed = parseConversationNote(text);
      messages = parsed.ok ? parsed.value.messages.length : 0;
    });
    process.stdout.write(`| ${name} | ${format(ms)} | ${messages} |\n`);
  }
  process.stdout.write('\n');
}

async function openBench(): Promise<void> {
  process.env.NODE_ENV = 'production';
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/', pretendToBeVisual: true });
  const globals = globalThis as unknown as Record<string, unknown>;
  for (const name of ['window', 'document', 'navigator', 'Node', 'Element', 'HTMLElement', 'Text', 'DocumentFragment', 'Event', 'MouseEvent', 'KeyboardEvent', 'MutationObserver', 'getComputedStyle', 'requestAnimationFrame', 'cancelAnimationFrame']) {
    globals[name] = (dom.window as unknown as Record<string, unknown>)[name];
  }
  // Imported only now: the UI (React) and the fake host capture the DOM globals when first evaluated.
  const { measureOpen } = await import('./conversation/open-conversation');
  const conversation = buildLongConversation(TURNS);
  const results = [];
  for (const variant of ['eager', 'message-list', 10] as const) {
    const first: number[] = [];
    const settled: number[] = [];
    let messages = 0;
    let blocks = 0;
    for (let run = 0; run < 1 + 5; run += 1) {
      const measured = await measureOpen({ conversation, variant, clock: cpuMs, yieldTask: () => new Promise<void>((resolve) => realSetImmediate(resolve)) });
      if (run === 0) continue;
      first.push(measured.firstPaintMs);
      settled.push(measured.settledMs);
      messages = measured.messages;
      blocks = measured.reasoningBlocks;
    }
    results.push({ variant, first: median(first), settled: median(settled), messages, blocks });
  }
  process.stdout.write(`### Opening the ${TURNS}-turn conversation in the chat panel (jsdom, React)\n\n`);
  process.stdout.write('| message list | first paint ms (median) | all blocks mounted ms | messages in the DOM | reasoning blocks mounted |\n| --- | ---: | ---: | ---: | ---: |\n');
  for (const row of results) {
    const name = row.variant === 'eager' ? 'every message at once (baseline)' : row.variant === 'message-list' ? 'the chat\'s MessageList (src/ui/message)' : `useLazyMessages, newest ${row.variant} first`;
    process.stdout.write(`| ${name} | ${format(row.first)} | ${format(row.settled)} | ${row.messages} | ${row.blocks} |\n`);
  }
  process.stdout.write(
    `\nFirst paint: \`flushSync\` of the list with the opened conversation (commit and layout effects, which render the Markdown). All blocks mounted: until every rendered answer's reasoning root is in the DOM. Times are process CPU time (the machine is shared; wall time would count other processes). 5 runs after 1 warm-up. Load average at the end: ${loadavg().map((value) => value.toFixed(1)).join(' ')}.\n`,
  );
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** UTF-8 bytes inside HTML comments (`<!--` to `-->`): what Obsidian hides and a person reading the source sees as noise. */
function commentBytes(text: string): number {
  let bytes = 0;
  for (let start = text.indexOf('<!--'); start >= 0; start = text.indexOf('<!--', start)) {
    const end = text.indexOf('-->', start);
    const stop = end < 0 ? text.length : end + 3;
    bytes += utf8Bytes(text.slice(start, stop));
    start = stop;
  }
  return bytes;
}

async function sizeBench(): Promise<void> {
  const conversation = await buildRealisticTurn();
  const after = serializeConversationNote(conversation);
  const before = inEarlierFormat(after, conversation);
  const results = (conversation.messages[1].transcript ?? []).flatMap((message) => (message.role === 'tool' ? [message.content] : []));
  const rows = [
    ['before (each result in the block and in the trailer)', before],
    ['after (the trailer refers to the block)', after],
  ] as const;
  process.stdout.write(`### Note size of one realistic turn (demo vault: ${results.length} tool calls, 2 searches and 2 reads, ${results.reduce((sum, text) => sum + text.length, 0)} characters of results)\n\n`);
  process.stdout.write('| note | bytes per turn | machine share (comments) | copies of each tool result | longest line (chars) |\n| --- | ---: | ---: | ---: | ---: |\n');
  for (const [name, note] of rows) {
    const turn = note.slice(note.indexOf('\n### '));
    // 80 characters from the middle of each result (its start is shared with search hits), as the note's JSON spells them.
    const copies = results.map((text) => turn.split(JSON.stringify(text.slice(text.length >> 1, (text.length >> 1) + 80)).slice(1, -1).replace(/[<>]/g, (c) => (c === '<' ? '\\u003c' : '\\u003e'))).length - 1);
    const longest = Math.max(...turn.split('\n').map((line) => line.length));
    process.stdout.write(`| ${name} | ${utf8Bytes(turn)} | ${((commentBytes(turn) / utf8Bytes(turn)) * 100).toFixed(1)} % | ${copies.join(', ')} | ${longest} |\n`);
  }
  process.stdout.write('\nBytes per turn: the question\'s and the answer\'s sections (frontmatter left out). Machine share: bytes inside `<!--…-->`.\n\n');
}

adversarialBench();
noteBench();
sizeBench()
  .then(() => openBench())
  .catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
