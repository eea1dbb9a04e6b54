import type { FrontmatterEntry } from './conversation';
import { readYamlString, readYamlValue } from './yaml-scalar';

/**
 * Splits a note's frontmatter into top-level entries, each kept as its verbatim YAML text so a
 * save can rewrite one key (`updated`) and leave every other byte as the user left it.
 */

/** One entry with where it sits in the note (0-based line numbers, end exclusive). */
export interface FrontmatterSpan extends FrontmatterEntry {
  readonly startLine: number;
  readonly endLine: number;
}

/** Where the frontmatter is and what it holds. */
export interface FrontmatterBlock {
  /** Line of the opening `---` (always 0) or -1 when the note has none. */
  readonly openLine: number;
  /** Line of the closing `---`; -1 when it has none (broken), then `bodyStart` says where we stopped. */
  readonly closeLine: number;
  /** First line after the frontmatter. */
  readonly bodyStart: number;
  readonly entries: readonly FrontmatterSpan[];
}

const KEY_LINE = /^([^\s#:-][^:]*|-[^\s:][^:]*):(?:[ \t]|$)/;

function clean(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/**
 * Finds the frontmatter. `stopAt(line)` tells where the body surely begins (a role header), so
 * an unclosed block ends there instead of swallowing the conversation.
 */
export function readFrontmatterBlock(lines: readonly string[], stopAt: (line: string) => boolean): FrontmatterBlock {
  if (lines.length === 0 || clean(lines[0]) !== '---') return { openLine: -1, closeLine: -1, bodyStart: 0, entries: [] };
  let closeLine = -1;
  let end = lines.length;
  for (let index = 1; index < lines.length; index += 1) {
    const line = clean(lines[index]);
    if (line === '---' || line === '...') {
      closeLine = index;
      end = index;
      break;
    }
    if (stopAt(lines[index])) {
      end = index;
      break;
    }
  }
  return { openLine: 0, closeLine, bodyStart: closeLine >= 0 ? closeLine + 1 : end, entries: splitEntries(lines, 1, end) };
}

function splitEntries(lines: readonly string[], start: number, end: number): FrontmatterSpan[] {
  const entries: FrontmatterSpan[] = [];
  let current: { key: string; startLine: number } | null = null;
  const close = (endLine: number) => {
    if (current === null) return;
    entries.push({ key: current.key, startLine: current.startLine, endLine, text: lines.slice(current.startLine, endLine).map(clean).join('\n') });
  };
  for (let index = start; index < end; index += 1) {
    const match = KEY_LINE.exec(clean(lines[index]));
    if (match !== null) {
      close(index);
      current = { key: match[1].trim(), startLine: index };
    } else if (current === null) {
      current = { key: '', startLine: index };
    }
  }
  close(end);
  return entries;
}

/** The inline value of an entry (`key: value` → `value`), or null when the value is on later lines. */
export function inlineValue(entry: FrontmatterEntry): string | null {
  const firstLine = entry.text.split('\n', 1)[0];
  const value = firstLine.slice(firstLine.indexOf(':') + 1).trim();
  const continued = entry.text.includes('\n') && entry.text.split('\n').slice(1).some((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  return value === '' && continued ? null : value;
}

/** The entry's value as a string (for id, title, model), or null when it is not a one-line scalar. */
export function entryString(entry: FrontmatterEntry): string | null {
  const value = inlineValue(entry);
  return value === null ? null : readYamlString(value);
}

/**
 * The entry's value as plain JSON data, for `glassbox inspect`: scalars typed as YAML types them,
 * flow (`[a, b]`) and block (`- a`) lists of scalars as arrays, anything richer as its YAML text.
 */
export function entryValue(entry: FrontmatterEntry): unknown {
  const value = inlineValue(entry);
  const rest = entry.text.split('\n').slice(1).map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  if (value !== null && value !== '') {
    if (value.startsWith('[') && value.endsWith(']')) {
      const inner = value.slice(1, -1).trim();
      return inner === '' ? [] : inner.split(',').map((item) => readYamlValue(item));
    }
    return rest.length === 0 ? readYamlValue(value) : entry.text.slice(entry.text.indexOf(':') + 1).trim();
  }
  if (rest.length > 0 && rest.every((line) => line.startsWith('- ') || line === '-')) return rest.map((line) => readYamlValue(line.slice(1)));
  return rest.length === 0 ? null : entry.text.slice(entry.text.indexOf(':') + 1).trim();
}

/** Reads a frontmatter time: an ISO date-time or epoch ms; null when neither. */
export function readTime(entry: FrontmatterEntry): number | null {
  const text = entryString(entry);
  if (text === null || text === '') return null;
  if (/^-?\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

/** An epoch-ms time as frontmatter writes it (ISO 8601, UTC, milliseconds). */
export function formatTime(at: number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? String(at) : date.toISOString();
}
