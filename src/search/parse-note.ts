import { ownString } from './own-string';
import { FenceTracker } from '../markers';

/** One passage of a note: the text under a heading, or a piece of a long section. */
export interface NotePassage {
  /** The nearest heading above the passage; empty before the first heading. */
  readonly heading: string;
  /** Offsets into the note text (UTF-16 code units), end exclusive. */
  readonly start: number;
  readonly end: number;
}

/** What search needs from one note's text. */
export interface ParsedNote {
  /** `title:` from the frontmatter, when present. */
  readonly frontmatterTitle: string | undefined;
  /** `lang:` (or `language:`) from the frontmatter, as written. */
  readonly frontmatterLanguage: string | undefined;
  readonly aliases: readonly string[];
  /** Tags without `#`, in written case, frontmatter tags first; nested tags kept whole (`a/b`). */
  readonly tags: readonly string[];
  readonly headings: readonly string[];
  /** Link targets as written: `[[Target#Heading|Alias]]` → `Target#Heading`, `[x](Other.md)` → `Other.md`. */
  readonly links: readonly string[];
  readonly passages: readonly NotePassage[];
}

/** Sections longer than this are cut at paragraph breaks into passages of about this size. */
export const MAX_PASSAGE_CHARS = 1200;

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const INLINE_TAG = /(?:^|[\s,;(])#([\p{L}\p{N}_\-/]*[\p{L}_\-/][\p{L}\p{N}_\-/]*)/gu;
const WIKILINK = /!?\[\[([^\]|]+)(?:\|[^\]]*)?\]\]/g;
const MD_LINK = /\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g;

/** Reads a YAML scalar or flow/block list value; frontmatter in notes is almost always this simple. */
function yamlList(lines: readonly string[], index: number, rest: string): string[] {
  const inline = rest.trim();
  if (inline.startsWith('[')) {
    return inline.replace(/^\[|\]$/g, '').split(',').map(unquote).filter((value) => value.length > 0);
  }
  if (inline.length > 0) return inline.split(/[,\s]+/).map(unquote).filter((value) => value.length > 0);
  const values: string[] = [];
  for (let next = index + 1; next < lines.length; next += 1) {
    const item = /^\s*-\s+(.*)$/.exec(lines[next]);
    if (!item) break;
    values.push(unquote(item[1]));
  }
  return values;
}

function unquote(value: string): string {
  return value.trim().replace(/^["']|["']$/g, '').replace(/^#/, '');
}

function parseFrontmatter(yaml: string): { title?: string; lang?: string; aliases: string[]; tags: string[] } {
  const lines = yaml.split(/\r?\n/);
  const result: { title?: string; lang?: string; aliases: string[]; tags: string[] } = { aliases: [], tags: [] };
  lines.forEach((line, index) => {
    const field = /^([A-Za-z_-]+):(.*)$/.exec(line);
    if (!field) return;
    const key = field[1].toLowerCase();
    if (key === 'title') result.title = unquote(field[2]);
    else if (key === 'lang' || key === 'language') result.lang = unquote(field[2]);
    else if (key === 'tags' || key === 'tag') result.tags.push(...yamlList(lines, index, field[2]));
    else if (key === 'aliases' || key === 'alias') result.aliases.push(...yamlList(lines, index, field[2]));
  });
  return result;
}

/** Length of the frontmatter block (`---` … `---` at the very top), 0 when there is none. */
function frontmatterEnd(text: string): number {
  if (!text.startsWith('---')) return 0;
  const match = /^---\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  return match ? match[0].length : 0;
}

function pushSection(passages: NotePassage[], text: string, section: NotePassage): void {
  if (section.end - section.start <= MAX_PASSAGE_CHARS) {
    if (text.slice(section.start, section.end).trim().length > 0) passages.push(section);
    return;
  }
  let start = section.start;
  while (start < section.end) {
    let end = Math.min(section.end, start + MAX_PASSAGE_CHARS);
    if (end < section.end) {
      // Prefer a paragraph break, then a line break, then a space in the second half of the window.
      const tail = text.slice(start + MAX_PASSAGE_CHARS / 2, end);
      const breakAt = Math.max(tail.lastIndexOf('\n\n'), tail.lastIndexOf('\n'), tail.lastIndexOf(' '));
      if (breakAt >= 0) end = start + MAX_PASSAGE_CHARS / 2 + breakAt + 1;
    }
    if (text.slice(start, end).trim().length > 0) passages.push({ heading: section.heading, start, end });
    start = end;
  }
}

/**
 * Splits a note into heading-based passages and collects its frontmatter fields, headings,
 * tags and links. Headings inside code fences are not headings; tags inside fences are not tags.
 */
export function parseNote(text: string): ParsedNote {
  const bodyStart = frontmatterEnd(text);
  const front: { title?: string; lang?: string; aliases: string[]; tags: string[] } = bodyStart > 0 ? parseFrontmatter(text.slice(0, bodyStart)) : { aliases: [], tags: [] };
  const headings: string[] = [];
  const passages: NotePassage[] = [];
  const tags: string[] = [...front.tags];
  const fence = new FenceTracker();
  let sectionStart = bodyStart;
  let heading = '';
  let lineStart = bodyStart;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    const wasInside = fence.inside;
    if (!fence.feed(line) && !wasInside) {
      const headingMatch = line.charCodeAt(0) === 35 || line.startsWith(' ') ? HEADING.exec(line) : null;
      if (headingMatch) {
        pushSection(passages, text, { heading, start: sectionStart, end: lineStart });
        heading = ownString(headingMatch[2].trim());
        headings.push(heading);
        sectionStart = lineStart;
      } else if (line.includes('#')) {
        INLINE_TAG.lastIndex = 0;
        for (let tag = INLINE_TAG.exec(line); tag !== null; tag = INLINE_TAG.exec(line)) tags.push(tag[1]);
      }
    }
    lineStart = lineEnd + 1;
  }
  pushSection(passages, text, { heading, start: sectionStart, end: text.length });
  const links: string[] = [];
  for (const match of text.matchAll(WIKILINK)) links.push(match[1].trim());
  for (const match of text.matchAll(MD_LINK)) {
    const target = match[1];
    if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push(safeDecode(target));
  }
  // Everything kept is copied out of the note text, which the index must not hold (ownString).
  return {
    frontmatterTitle: front.title === undefined ? undefined : ownString(front.title),
    frontmatterLanguage: front.lang === undefined ? undefined : ownString(front.lang),
    aliases: front.aliases.map(ownString),
    tags: dedupe(tags).map(ownString),
    headings,
    links: dedupe(links).map(ownString),
    passages,
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function dedupe(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value.length > 0))];
}
