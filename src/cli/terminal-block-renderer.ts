import { setInterval, clearInterval } from 'node:timers';
import { citationsOf, describeRunDuration, formatStepDuration, waitingLabel, withStepFailures } from '../markers';
import type { AgentEvent } from '../agent';
import { reasoningElapsedMs } from '../agent';
import type { ReasoningPayload, ReasoningStep } from '../markers';
import { sourcesList } from './sources-list';
import { stripControls } from '../commands';
import { fitToColumns } from './terminal-width';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const DIM = '\x1b[2m';
const RESET = '\x1b[0m';
/** At most this many step lines in the live block, so the in-place redraw stays on screen. */
const MAX_LIVE_STEPS = 12;

/** Where the renderer writes: the CLI's stdout. */
export interface BlockOutput {
  write(text: string): unknown;
}

/**
 * Draws the reasoning block of `glassbox ask` in a terminal (DESIGN.md 8), from the same
 * events and reducer state as the chat view.
 *
 * - TTY: a live block (spinner, "Reasoning · 3s", bullet steps) redrawn in place with ANSI
 *   cursor movement on every state change and on a 100 ms spinner tick; at the first answer
 *   text it collapses to "Thought for 5s" and the answer streams below it.
 * - Not a TTY: plain lines, each step printed when it appears or its text changes, then
 *   "Thought for 5s" and the answer. No escape codes.
 *
 * Answer text and step summaries come from notes and the model: their control characters are
 * stripped before printing (see terminal-text.ts); only the block's own drawing uses escapes.
 */
export class TerminalBlockRenderer {
  private drawnLines = 0;
  private live = false;
  private frame = 0;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private payload: ReasoningPayload | null = null;
  private readonly printed = new Map<string, string>();
  private answered = false;

  constructor(
    private readonly options: {
      out: BlockOutput;
      tty: boolean;
      columns: number;
      /** Screen rows; the live block keeps below this so cursor-up can reach its first line. 0 or absent: no limit beyond MAX_LIVE_STEPS. */
      rows?: number;
      now: () => number;
    },
  ) {}

  /** Feeds one event with the reducer state after it. */
  handle(event: AgentEvent, payload: ReasoningPayload | null): void {
    const changed = payload !== this.payload;
    this.payload = payload;
    // AGENT_EVENT_EDIT_REQUIRED: events the terminal shows differently go here.
    switch (event.type) {
      case 'run_start':
        if (this.options.tty) {
          this.live = true;
          this.ticker = setInterval(() => this.tick(), 100);
          this.ticker.unref();
          this.draw();
        }
        return;
      case 'answer_start':
        this.collapse();
        return;
      case 'text_delta':
        this.options.out.write(stripControls(event.text));
        return;
      case 'run_end':
        this.end(event);
        return;
      case 'citations':
        // Kept on the payload; the "Sources" list goes under the answer at the end.
        return;
      case 'approval_request':
        // The approval prompt is written below the block: draw the step it is about, then leave
        // the block where it is and start a new one below the prompt once it is answered.
        if (this.options.tty) {
          this.draw();
          this.detach();
        } else {
          this.printNewSteps();
        }
        return;
      case 'approval_response':
        if (this.options.tty && this.live && this.ticker === undefined) {
          this.ticker = setInterval(() => this.tick(), 100);
          this.ticker.unref();
        }
        if (this.options.tty) this.draw();
        else this.printNewSteps();
        return;
      case 'step':
      case 'reasoning_delta':
      case 'tool_start':
      case 'tool_end':
      case 'input_request':
      case 'input_response':
        if (!changed) return;
        // After the answer began, a step (the error that ended it) waits for the end, where it
        // goes on its own line under a header that says how the run ended, not into the answer.
        if (this.answered) return;
        if (this.options.tty) this.draw();
        else this.printNewSteps();
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }

  /** Stops the spinner and forgets the drawn lines, so nothing redraws over what is written below. */
  private detach(): void {
    this.dispose();
    this.drawnLines = 0;
  }

  /** Stops the spinner (also on an early exit). */
  dispose(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private tick(): void {
    if (!this.live) return;
    this.frame = (this.frame + 1) % SPINNER.length;
    if (this.drawnLines === 0) return this.draw();
    // Only the header changes on a tick: rewrite that one line and go back below the block.
    this.options.out.write(`\x1b[${this.drawnLines}A\r\x1b[2K${this.fit(`${SPINNER[this.frame]} ${this.header()}`)}\x1b[${this.drawnLines}B\r`);
  }

  private header(): string {
    const payload = this.payload;
    if (payload === null) return 'Reasoning';
    if (payload.status === 'awaiting_input') return waitingLabel(payload);
    return describeRunDuration(payload.status, reasoningElapsedMs(payload, this.options.now()));
  }

  private draw(): void {
    if (!this.live) return;
    const steps = this.payload?.steps ?? [];
    // Header, the "earlier steps" line and the steps must fit the screen: a block taller than the
    // terminal scrolls its top out of reach of cursor-up and every redraw leaves a copy behind.
    const rows = this.options.rows ?? 0;
    const room = rows > 0 ? Math.max(1, Math.min(MAX_LIVE_STEPS, rows - 3)) : MAX_LIVE_STEPS;
    const shown = steps.length > room ? steps.slice(-room) : steps;
    const lines = [this.fit(`${SPINNER[this.frame]} ${this.header()}`)];
    if (shown.length < steps.length) lines.push(`${DIM}  … ${steps.length - shown.length} earlier steps${RESET}`);
    for (const step of shown) lines.push(`${DIM}${this.fit(stepLine(step))}${RESET}`);
    this.redraw(lines);
  }

  private redraw(lines: readonly string[]): void {
    const clear = this.drawnLines > 0 ? `\x1b[${this.drawnLines}A\r\x1b[0J` : '';
    this.options.out.write(`${clear}${lines.map((line) => `${line}\n`).join('')}`);
    this.drawnLines = lines.length;
  }

  private printNewSteps(): void {
    // A line per new step, and again when its text changes (a tool's "Found 5 notes" after
    // "Searching…") or it ends other than well (failed, declined, cancelled: a failure must not
    // read as the success the model may claim next); a duration alone does not repeat the line.
    for (const step of this.payload?.steps ?? []) {
      const key = printedKey(step);
      if (this.printed.get(step.id) === key) continue;
      this.printed.set(step.id, key);
      this.options.out.write(`${stepLine(step)}\n`);
    }
  }

  /** The settled header with how many steps failed or were declined ("Thought for 5s · 1 step failed"). */
  private settledHeader(): string {
    return withStepFailures(this.header(), this.payload?.steps ?? []);
  }

  /** The steps a folded block keeps on screen: those that failed, were declined or cancelled. */
  private unsuccessfulStepLines(): string[] {
    return (this.payload?.steps ?? []).filter(unsuccessful).map((step) => `${DIM}${this.fit(stepLine(step))}${RESET}`);
  }

  private collapse(): void {
    if (this.answered) return;
    this.answered = true;
    const header = this.settledHeader();
    // What is on screen now counts as printed: the end lists only the steps that come after.
    for (const step of this.payload?.steps ?? []) this.printed.set(step.id, printedKey(step));
    if (this.live) {
      this.live = false;
      this.dispose();
      // Folded to its header, but a step that failed or was declined stays listed under it.
      this.redraw([header, ...this.unsuccessfulStepLines()]);
    } else {
      this.printNewSteps();
      this.options.out.write(`${header}\n`);
    }
    this.options.out.write('\n');
  }

  private end(event: Extract<AgentEvent, { type: 'run_end' }>): void {
    this.dispose();
    if (this.answered) {
      this.options.out.write('\n');
      if (event.status === 'stopped' || event.status === 'error' || event.status === 'budget') this.options.out.write(`\n${this.settledHeader()}\n`);
      this.printNewSteps();
      const sources = sourcesList(citationsOf(this.payload));
      if (sources !== '') this.options.out.write(`\n${sources}`);
      return;
    }
    // No answer: keep the steps on screen under the final header (the user wants to see what happened).
    const steps = this.payload?.steps ?? [];
    if (this.live) {
      this.live = false;
      this.redraw([this.settledHeader(), ...steps.map((step) => `${DIM}${this.fit(stepLine(step))}${RESET}`)]);
    } else {
      this.printNewSteps();
      this.options.out.write(`${this.settledHeader()}\n`);
    }
  }

  private fit(line: string): string {
    // A pseudo-terminal may report 0 columns; assume the classic 80 then.
    const columns = this.options.columns > 0 ? this.options.columns : 80;
    const width = Math.max(20, columns - 1);
    return fitToColumns(line, width);
  }
}

/** What makes a step's line worth printing again: its text, or its ending other than well. */
function printedKey(step: ReasoningStep): string {
  return `${step.summary}\u0000${unsuccessful(step) ? (step.tool?.status ?? '') : ''}`;
}

/** A tool step that did not go well: failed, declined or cancelled. */
function unsuccessful(step: ReasoningStep): boolean {
  const status = step.tool?.status;
  return status === 'error' || status === 'declined' || status === 'cancelled';
}

/** One bullet: the step's summary, and for tools how the call went. */
export function stepLine(step: ReasoningStep): string {
  const tool = step.tool;
  let suffix = '';
  if (tool !== undefined) {
    // "12 ms" under a second, as the chat's trace says it (it printed "· 0.0s").
    if (tool.status === 'ok' && tool.durationMs !== undefined) suffix = ` · ${formatStepDuration(tool.durationMs)}`;
    else if (tool.status === 'error') suffix = ' · failed';
    else if (tool.status === 'cancelled') suffix = ' · cancelled';
    else if (tool.status === 'declined') suffix = ' · declined';
  }
  return `  • ${stripControls(step.summary)}${suffix}`;
}
