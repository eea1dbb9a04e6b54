import { runnableFenceLanguage } from '../markers';

/**
 * How a message's text is stored in its note so that no other plugin runs it or loads anything
 * from it when the note is created, opened or rendered (docs/decisions/inert-answer-code.md):
 * a zero-width space goes after the character that makes a form live, so the form reads the same
 * but no longer parses as one. The places:
 * - `<` before a letter, `/`, `?`, `%` or `!` (not `<!--`): raw HTML (`<iframe>`, `<img onerror>`)
 *   and Templater's `<% … %>` commands, which Templater finds anywhere in the text, code included;
 * - `!` before `[` (not `![[` of a note): a Markdown image, which would load its URL; it reads as a
 *   link; `![[` before a URL scheme or `//` (an embed of a remote address) too;
 * - after a fence's backticks or tildes when its language is not highlight-only (`dataviewjs`);
 * - after an inline code span's backticks (and spaces) before `=` or `$=`, and before `=` or `$=`
 *   at the start of a line (after quote, list and indent prefixes): Dataview's inline queries,
 *   which it also runs as the first text of a code block. A setext underline (`===`) is left alone.
 * It is byte stuffing, so it is lossless: at each place, text already holding k zero-width spaces
 * gets one more whenever k > 0 or the form is live, and {@link restoreMessageLine} takes one off
 * when k > 1 or the form after them is live. A note written before this change has none and
 * reads as it is. Comments (`<!--`) stay: Glassbox's markers are comments, and a comment runs nothing.
 */

const ZWSP = '\u200b';

/** One kind of place: `at` matches up to the place (group 1) and the zero-width spaces there (group 2). */
interface StuffingPlace {
  readonly at: RegExp;
  /** Whether the text right after the zero-width spaces is a live form (sees at most `LOOKAHEAD` characters). */
  readonly live: (after: string) => boolean;
}

/** Enough for `[[` and a URL scheme (`![[https://…]]`, an embed that loads). */
const LOOKAHEAD = 40;
const PLACES: readonly StuffingPlace[] = [
  { at: /(<)(\u200b*)/g, live: (after) => /^(?:[A-Za-z/?%]|!(?!--))/.test(after) },
  { at: /(!)(\u200b*)/g, live: (after) => /^\[(?!\[)/.test(after) || /^\[\[\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(after) },
  // Dataview trims a code span's text with JavaScript's trim(): every Unicode space (`\s`), not only space and tab.
  { at: /(`+\s*)(\u200b*)/g, live: (after) => /^\$?=/.test(after) },
];

/** Quote, list, footnote-definition and indent prefixes before a line's content, as Obsidian reads nested blocks. */
const PREFIX = String.raw`(?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]|\[\^[^\]\s]+\]:))*[ \t]*`;
const FENCE_LINE = new RegExp(`^(${PREFIX}(\`{3,}|~{3,})[ \\t]*)(${ZWSP}*)([\\s\\S]*)$`);
// Dataview trims the first text of a code block with trim(), so any Unicode space may come before its `=`.
const LINE_START = new RegExp(`^(${PREFIX}\\s*)(${ZWSP}*)`);

/** The line as it is written to a note. */
export function neutraliseMessageLine(line: string): string {
  return stuffLine(line, 1);
}

/** Reverses {@link neutraliseMessageLine}; a line with no zero-width space is returned as it is. */
export function restoreMessageLine(line: string): string {
  return line.includes(ZWSP) ? stuffLine(line, -1) : line;
}

/** A whole text through {@link neutraliseMessageLine}, line by line. */
export function neutraliseMessageText(text: string): string {
  return text.split('\n').map(neutraliseMessageLine).join('\n');
}

/** Reverses {@link neutraliseMessageText}. */
export function restoreMessageText(text: string): string {
  return text.includes(ZWSP) ? text.split('\n').map(restoreMessageLine).join('\n') : text;
}

/** Every place starts at one of these characters, or holds a zero-width space already. */
const ANY_PLACE = /[<!`~=\u200b]/;

function stuffLine(line: string, step: 1 | -1): string {
  if (!ANY_PLACE.test(line)) return line;
  // A lone `\r` (and the `\r` of `\r\n`) ends a line for CommonMark, markdown-it and CodeMirror: each part is a line.
  if (line.includes('\r')) return line.split('\r').map((part) => stuffLine(part, step)).join('\r');
  const fence = FENCE_LINE.exec(line);
  // A backtick fence's info string holds no backtick; with one, the line is inline code.
  if (fence !== null && !(fence[2].startsWith('`') && fence[4].includes('`'))) {
    return `${fence[1]}${stuffMarks(fence[3], step, runnableFenceLanguage(fence[4]))}${stuffPlaces(fence[4], step)}`;
  }
  const start = LINE_START.exec(line);
  const head = start?.[1] ?? '';
  const marks = start?.[2] ?? '';
  const rest = line.slice(head.length + marks.length);
  const query = /^\$=/.test(rest) || (/^=/.test(rest) && !/^=+[ \t]*\r?$/.test(rest));
  return `${head}${stuffMarks(marks, step, query)}${stuffPlaces(rest, step)}`;
}

function stuffPlaces(text: string, step: 1 | -1): string {
  let result = text;
  for (const place of step === 1 ? PLACES : [...PLACES].reverse()) {
    result = result.replace(place.at, (match: string, before: string, marks: string, offset: number, whole: string) => {
      const end = offset + match.length;
      return `${before}${stuffMarks(marks, step, place.live(whole.slice(end, end + LOOKAHEAD)))}`;
    });
  }
  return result;
}

/** The zero-width spaces at one place after the step: one more when there are some or the form is live; one fewer back. */
function stuffMarks(marks: string, step: 1 | -1, live: boolean): string {
  if (step === 1) return marks.length > 0 || live ? `${marks}${ZWSP}` : marks;
  return marks.length > 1 || (marks.length === 1 && live) ? marks.slice(1) : marks;
}
