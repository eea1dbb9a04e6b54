import { FenceTracker } from '../markers';

/** A piece of content text, classified. */
export interface ThinkTagSegment {
  readonly type: 'text' | 'reasoning';
  readonly text: string;
}

/** Options of {@link ThinkTagSplitter}. */
export interface ThinkTagSplitterOptions {
  /**
   * How many characters at the very start of the content are held back while it is unclear
   * whether they are reasoning whose opening tag is missing (see the class comment). 0 turns
   * the rule off. Default 600.
   */
  readonly holdStartChars?: number;
}

const OPEN_TAGS = ['<think>', '<thinking>'];
const CLOSE_TAGS = ['</think>', '</thinking>'];
const ALL_TAGS = [...OPEN_TAGS, ...CLOSE_TAGS];
const DEFAULT_HOLD_START_CHARS = 600;
/** Where the fast path of `push` stops: a possible tag, or a line end. */
const SPECIAL = /[<\n]/g;

/**
 * Splits streamed `content` text into answer text and `<think>`/`<thinking>` reasoning, for
 * models that inline their reasoning. Feed it pieces as they arrive; tags may be split at any
 * character. Tags are case-insensitive.
 *
 * - Tags inside fenced code blocks (as CommonMark reads them: a ```` fence is not closed by a
 *   ``` line) are left alone, so an answer that shows `<think>` in a code sample keeps it.
 * - An opening tag while already reasoning, or a closing tag after the start of the answer,
 *   is dropped (never shown as a literal tag).
 * - **Missing opening tag.** Some chat templates put `<think>` in the prompt, so the content
 *   starts with reasoning and only `</think>` arrives. The first `holdStartChars` characters of
 *   the content are therefore held back until a tag arrives: if `</think>` comes first, the held
 *   text was reasoning; if an opening tag, or the limit, or the end of the content comes first,
 *   the held text is released as what it is (text). After the window a stray closing tag is
 *   only dropped: text already shown as the answer is never taken back. {@link releaseStart}
 *   ends the window early (the client calls it when native reasoning or a tool call shows the
 *   model does not inline reasoning). The cost: the first characters of a plain answer appear
 *   a little later (at most `holdStartChars` characters).
 */
export class ThinkTagSplitter {
  private mode: 'text' | 'reasoning' = 'text';
  /** A possible tag being read (starts with `<`). */
  private pendingTag = '';
  /** Content held back at the start (missing-opening-tag window), or null once released. */
  private held: string | null;
  private readonly holdLimit: number;
  /** Code fences, read by the markers' one fence reader a whole line at a time. */
  private readonly fences = new FenceTracker();
  /** The current line while it may still be a fence line; fed to `fences` at its end. */
  private linePrefix = '';
  /** The current line cannot be a fence line: it is not kept. */
  private lineChecked = false;
  private output: ThinkTagSegment[] = [];

  constructor(options: ThinkTagSplitterOptions = {}) {
    this.holdLimit = options.holdStartChars ?? DEFAULT_HOLD_START_CHARS;
    this.held = this.holdLimit > 0 ? '' : null;
  }

  /** Feeds the next piece of content; returns what can be classified so far. */
  push(text: string): ThinkTagSegment[] {
    let index = 0;
    while (index < text.length) {
      if (this.pendingTag === '' && this.held === null && this.lineChecked) {
        // Fast path (most text): up to the next `<` or line end no tag can start and the
        // line's fence state cannot change, so the run is taken whole (a 10 MB delta is one run).
        SPECIAL.lastIndex = index;
        const stop = SPECIAL.exec(text)?.index ?? text.length;
        if (stop > index) {
          this.append(this.mode, text.slice(index, stop));
          index = stop;
          continue;
        }
      }
      const character = String.fromCodePoint(text.codePointAt(index) ?? 0);
      this.consume(character);
      index += character.length;
    }
    return this.take();
  }

  /** Ends the missing-opening-tag window: held text is released as answer text. */
  releaseStart(): ThinkTagSegment[] {
    this.releaseHeld();
    return this.take();
  }

  /** The content is complete: releases a half-read tag and any held text as they are. */
  flush(): ThinkTagSegment[] {
    const pending = this.pendingTag;
    this.pendingTag = '';
    for (const character of pending) this.emit(character);
    this.releaseHeld();
    return this.take();
  }

  private consume(character: string): void {
    if (this.pendingTag !== '') {
      const candidate = this.pendingTag + character;
      const lower = candidate.toLowerCase();
      const exact = ALL_TAGS.find((tag) => tag === lower);
      if (exact !== undefined) {
        this.pendingTag = '';
        this.onTag(exact);
        return;
      }
      if (ALL_TAGS.some((tag) => tag.startsWith(lower))) {
        this.pendingTag = candidate;
        return;
      }
      // Not a tag after all: the text so far is literal, the new character starts afresh.
      this.pendingTag = '';
      for (const literal of candidate.slice(0, -1)) this.emit(literal);
    }
    if (character === '<' && !this.fences.inside) {
      this.pendingTag = '<';
      return;
    }
    this.emit(character);
  }

  private onTag(tag: string): void {
    const opening = OPEN_TAGS.includes(tag);
    if (this.held !== null) {
      const heldText = this.held;
      this.held = null;
      if (!opening && this.mode === 'text') {
        // Missing opening tag: everything so far was reasoning.
        this.append('reasoning', heldText);
        return;
      }
      this.append(this.mode, heldText);
    }
    if (opening && this.mode === 'text') this.switchMode('reasoning');
    else if (!opening && this.mode === 'reasoning') this.switchMode('text');
    // Otherwise (nested opening, stray closing) the tag is dropped.
  }

  private switchMode(mode: 'text' | 'reasoning'): void {
    this.mode = mode;
    this.fences.reset();
    this.linePrefix = '';
    this.lineChecked = false;
  }

  private emit(character: string): void {
    this.trackFence(character);
    if (this.held !== null) {
      this.held += character;
      if (this.held.length >= this.holdLimit) this.releaseHeld();
      return;
    }
    this.append(this.mode, character);
  }

  private releaseHeld(): void {
    if (this.held === null) return;
    const heldText = this.held;
    this.held = null;
    this.append(this.mode, heldText);
  }

  private trackFence(character: string): void {
    if (character === '\n') {
      if (!this.lineChecked) this.fences.feed(this.linePrefix);
      this.linePrefix = '';
      this.lineChecked = false;
      return;
    }
    if (this.lineChecked) return;
    this.linePrefix += character;
    // Only a line that starts (up to three spaces in) with three backticks or tildes can open
    // or close a fence; any other line is known as soon as it stops looking like one.
    if (!/^ {0,3}(?:`{3}|~{3}|[`~]{0,2}$)/.test(this.linePrefix)) this.lineChecked = true;
  }

  private append(type: 'text' | 'reasoning', text: string): void {
    if (text === '') return;
    const last = this.output[this.output.length - 1];
    if (last && last.type === type) this.output[this.output.length - 1] = { type, text: last.text + text };
    else this.output.push({ type, text });
  }

  private take(): ThinkTagSegment[] {
    const output = this.output;
    this.output = [];
    return output;
  }
}
