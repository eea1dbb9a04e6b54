import { t } from '../i18n';
import { runnableFenceLanguage } from '../markers';
import type { LiveForm } from './live-form';

/** Dataview's inline query prefixes: `=` (a query) and `$=` (JavaScript). */
export const INLINE_QUERY = /^\$?=/;

/** A fence line as an editor may read it, whatever the block around it: quote, list, footnote and indent prefixes, any depth. */
const EDITOR_FENCE = /^((?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]|\[\^[^\]\s]+\]:))*[ \t]*)(`{3,}|~{3,})([^\n]*)$/;

/**
 * What Live Preview may run, read from the text without the block structure (Dataview's editor
 * extension tests an inline-code node's text with `startsWith`, and an editor's tokens need not
 * agree with a CommonMark parse): every backtick span outside comments (a run of backticks to the
 * next run of the same length) whose text, trimmed, starts with `=` or `$=`, and every
 * fence-looking line naming a runnable language that is not inside a fenced block (`fenceContent`). Linear in the text's length: a text built to
 * make a scan quadratic (backtick runs of ever more lengths) costs one pass.
 */
export function editorForms(lines: readonly string[], fenceContent: ReadonlySet<number>): LiveForm[] {
  const forms: LiveForm[] = [];
  const text = withoutComments(lines.join('\n'));
  const starts = lineStarts(text);
  let line = 0;
  for (const span of backtickSpans(text)) {
    const content = text.slice(span.open, span.close);
    if (!INLINE_QUERY.test(content.trim())) continue;
    while (line + 1 < starts.length && starts[line + 1] <= span.start) line += 1;
    forms.push({ line: line + 1, column: span.start - starts[line] + 1, what: t('inert.editorQuery'), source: content.slice(0, 80) });
  }
  text.split('\n').forEach((row, index) => {
    if (fenceContent.has(index)) return;
    const fence = EDITOR_FENCE.exec(row);
    if (fence === null || (fence[2].startsWith('`') && fence[3].includes('`'))) return;
    if (runnableFenceLanguage(fence[3]) && !fence[3].trim().startsWith('\u200b')) {
      forms.push({ line: index + 1, column: fence[1].length + 1, what: t('inert.editorFence', { language: fence[3].trim().split(/\s+/)[0] }), source: fence[0].slice(0, 80) });
    }
  });
  return forms;
}

/** The text with every HTML comment's characters but its line breaks made spaces (positions stay). */
function withoutComments(text: string): string {
  let out = '';
  let from = 0;
  for (let open = text.indexOf('<!--'); open >= 0; open = text.indexOf('<!--', from)) {
    const close = text.indexOf('-->', open + 4);
    const end = close < 0 ? text.length : close + 3;
    out += text.slice(from, open) + text.slice(open, end).replace(/[^\n]+/g, (run) => ' '.repeat(run.length));
    from = end;
  }
  return out + text.slice(from);
}

/** Each span: where its opening run starts, where its text starts and ends. */
function* backtickSpans(text: string): Generator<{ start: number; open: number; close: number }> {
  const runs: { index: number; length: number }[] = [];
  for (const match of text.matchAll(/`+/g)) runs.push({ index: match.index, length: match[0].length });
  // For each length, where the runs of that length are, and how far the search has come.
  const byLength = new Map<number, number[]>();
  runs.forEach((run, position) => {
    const positions = byLength.get(run.length);
    if (positions === undefined) byLength.set(run.length, [position]);
    else positions.push(position);
  });
  const next = new Map<number, number>();
  let resumeAt = 0;
  for (let position = 0; position < runs.length; position += 1) {
    const run = runs[position];
    if (run.index < resumeAt) continue;
    const same = byLength.get(run.length) ?? [];
    let cursor = next.get(run.length) ?? 0;
    while (cursor < same.length && same[cursor] <= position) cursor += 1;
    next.set(run.length, cursor);
    if (cursor >= same.length) continue;
    const closing = runs[same[cursor]];
    yield { start: run.index, open: run.index + run.length, close: closing.index };
    resumeAt = closing.index + closing.length;
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}
