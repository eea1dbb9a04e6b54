import type { CachedMetadata, FrontMatterCache, HeadingCache, LinkCache, Loc, Pos, TagCache } from 'obsidian';
import { parseYaml } from './yaml';

/**
 * Builds the parts of `CachedMetadata` the plugin reads: frontmatter (and its position),
 * headings, tags (inline and frontmatter `tags`) and links (`[[wikilinks]]` and relative
 * Markdown links). One pass over the lines; fenced code is skipped, as Obsidian does.
 */
export function parseMetadata(text: string): CachedMetadata {
  const lines = text.split('\n');
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += line.length + 1;
  }
  const loc = (line: number, col: number): Loc => ({ line, col, offset: offsets[line] + col });
  const pos = (line: number, start: number, end: number): Pos => ({ start: loc(line, start), end: loc(line, end) });

  const cache: CachedMetadata = {};
  let bodyStart = 0;
  if (lines[0]?.trimEnd() === '---') {
    const close = lines.findIndex((line, index) => index > 0 && (line.trimEnd() === '---' || line.trimEnd() === '...'));
    if (close > 0) {
      const frontmatter = parseYaml(lines.slice(1, close).join('\n')) as FrontMatterCache;
      cache.frontmatter = frontmatter;
      cache.frontmatterPosition = { start: loc(0, 0), end: loc(close, lines[close].length) };
      bodyStart = close + 1;
    }
  }

  const headings: HeadingCache[] = [];
  const tags: TagCache[] = [];
  const links: LinkCache[] = [];
  let fence: string | null = null;
  for (let index = bodyStart; index < lines.length; index += 1) {
    const line = lines[index];
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1];
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) headings.push({ heading: heading[2], level: heading[1].length, position: pos(index, 0, line.length) });
    scanInline(line, (found) => {
      const position = pos(index, found.start, found.end);
      if (found.kind === 'tag') tags.push({ tag: found.text, position });
      else links.push({ link: found.link, original: found.text, displayText: found.display, position });
    });
  }
  if (headings.length > 0) cache.headings = headings;
  if (tags.length > 0) cache.tags = tags;
  if (links.length > 0) cache.links = links;
  return cache;
}

type InlineFind = { kind: 'tag'; text: string; start: number; end: number } | { kind: 'link'; text: string; link: string; display: string; start: number; end: number };

function scanInline(line: string, onFind: (found: InlineFind) => void): void {
  let index = 0;
  while (index < line.length) {
    const char = line[index];
    if (char === '`') {
      // Inline code: skip to the matching backtick run.
      let run = 1;
      while (line[index + run] === '`') run += 1;
      const close = line.indexOf('`'.repeat(run), index + run);
      index = close < 0 ? index + run : close + run;
      continue;
    }
    if (char === '[' && line[index + 1] === '[') {
      const close = line.indexOf(']]', index + 2);
      if (close > index + 2) {
        const inner = line.slice(index + 2, close);
        const pipe = inner.indexOf('|');
        const link = (pipe >= 0 ? inner.slice(0, pipe) : inner).trim();
        const display = pipe >= 0 ? inner.slice(pipe + 1) : inner;
        const isEmbed = index > 0 && line[index - 1] === '!';
        if (!isEmbed) onFind({ kind: 'link', text: line.slice(index, close + 2), link, display, start: index, end: close + 2 });
        index = close + 2;
        continue;
      }
    }
    if (char === '[') {
      const markdownLink = /^\[([^\]]*)\]\(([^)\s]+)\)/.exec(line.slice(index));
      if (markdownLink) {
        const target = markdownLink[2];
        if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) {
          onFind({ kind: 'link', text: markdownLink[0], link: decodedLink(target), display: markdownLink[1], start: index, end: index + markdownLink[0].length });
        }
        index += markdownLink[0].length;
        continue;
      }
    }
    if (char === '#' && (index === 0 || /\s/.test(line[index - 1]))) {
      const tag = /^#([^\s#!"$%&'()*+,.:;<=>?@^`{|}~[\]\\]+)/u.exec(line.slice(index));
      if (tag && !/^\d+$/.test(tag[1])) {
        onFind({ kind: 'tag', text: tag[0], start: index, end: index + tag[0].length });
        index += tag[0].length;
        continue;
      }
    }
    index += 1;
  }
}

/** A Markdown link's target decoded as Obsidian reads it; a `%` that is no valid escape (`growth100%.png`) leaves it as written, as Obsidian does, rather than failing the note. */
export function decodedLink(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}
