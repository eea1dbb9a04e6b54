import type { AgentEvent } from '../../src/agent/events';
import { reduceReasoning } from '../../src/agent/reasoning-state';
import { stepLine, TerminalBlockRenderer } from '../../src/cli/terminal-block-renderer';
import type { ReasoningPayload } from '../../src/markers/reasoning-payload';

// eslint-disable-next-line no-control-regex -- the escape codes the renderer writes are what this strips
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/** Screen columns of plain text, counted independently of the code under test: CJK ideographs and kana are 2. */
function screenWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u3040-\u30ff\u4e00-\u9fff]/.test(char) ? 2 : 1;
  return width;
}

/** Runs the events through the reducer and a TTY renderer; returns every frame (the text after each clear). */
function drawFrames(options: { columns: number; rows: number; summaries: readonly string[] }): string[] {
  let out = '';
  const renderer = new TerminalBlockRenderer({ out: { write: (text: string) => (out += text) }, tty: true, columns: options.columns, rows: options.rows, now: () => 1000 });
  let payload: ReasoningPayload | null = null;
  const events: AgentEvent[] = [
    { type: 'run_start', runId: 'r1', at: 1000, model: 'm', question: 'q' },
    ...options.summaries.map((summary, index): AgentEvent => ({ type: 'step', runId: 'r1', at: 1000, step: { id: `s${index}`, kind: 'thought', summary, at: 1000 } })),
  ];
  try {
    for (const event of events) {
      payload = reduceReasoning(payload, event);
      renderer.handle(event, payload);
    }
  } finally {
    renderer.dispose();
  }
  return out.split('\x1b[0J').map((frame) => frame.replace(ANSI, ''));
}

describe('TerminalBlockRenderer in a terminal', () => {
  it('never draws a line wider than the screen, also with CJK text (two columns a character), so the redraw stays in place', () => {
    const frames = drawFrames({ columns: 50, rows: 40, summaries: ['Searching notes for "味噌汁は何人分ですか？金曜日に作る味噌汁の材料を教えてください"', 'Found 3 notes: 味噌汁 (miso soup), Home, Chen Wei'] });
    const lines = frames.flatMap((frame) => frame.split('\n')).map((line) => line.replace(/\r/g, ''));
    expect(lines.some((line) => line.includes('味噌汁'))).toBe(true);
    for (const line of lines) expect(screenWidth(line)).toBeLessThanOrEqual(49);
  });

  it('keeps the live block shorter than the screen, so cursor-up reaches its first line on every redraw', () => {
    const frames = drawFrames({ columns: 80, rows: 8, summaries: Array.from({ length: 20 }, (_, index) => `Step ${index + 1}`) });
    const last = frames.at(-1) ?? '';
    for (const frame of frames) expect(frame.split('\n').length - 1).toBeLessThanOrEqual(7);
    expect(last).toContain('Step 20');
    expect(last).toMatch(/… \d+ earlier steps/);
  });
});

// Issue 38 item 13: a 12 ms search printed "· 0.0s".
describe('stepLine', () => {
  it('says a tool call under a second in milliseconds, longer ones in seconds', () => {
    const step = (durationMs: number) => ({ id: 's', kind: 'tool' as const, summary: 'Found 1 note', at: 0, tool: { name: 'localSearch', args: {}, status: 'ok' as const, durationMs } });
    expect(stepLine(step(12))).toBe('  • Found 1 note · 12 ms');
    expect(stepLine(step(2400))).toBe('  • Found 1 note · 2.4 s');
  });
});
