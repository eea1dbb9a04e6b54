import type { CachedMetadata } from 'obsidian';

/** The path part of a link (before `#`). */
export function getLinkpath(linktext: string): string {
  const hash = linktext.indexOf('#');
  return hash >= 0 ? linktext.slice(0, hash) : linktext;
}

/** Splits a link into path and subpath (`#heading`). */
export function parseLinktext(linktext: string): { path: string; subpath: string } {
  const hash = linktext.indexOf('#');
  return hash >= 0 ? { path: linktext.slice(0, hash), subpath: linktext.slice(hash) } : { path: linktext, subpath: '' };
}

/** Every tag of a note: frontmatter `tags` (with `#` added) then inline tags. */
export function getAllTags(cache: CachedMetadata): string[] | null {
  const tags: string[] = [];
  const raw: unknown = cache.frontmatter?.tags;
  const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,\s]+/) : [];
  for (const tag of list) if (typeof tag === 'string' && tag !== '') tags.push(tag.startsWith('#') ? tag : `#${tag}`);
  for (const tag of cache.tags ?? []) tags.push(tag.tag);
  return tags;
}

/** A note's `aliases` (or `alias`) frontmatter as a list, as Obsidian's `parseFrontMatterAliases`: a string is split at commas. */
export function parseFrontMatterAliases(frontmatter: Record<string, unknown> | null | undefined): string[] | null {
  const raw = frontmatter?.aliases ?? frontmatter?.alias;
  const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const aliases = list.filter((entry): entry is string => typeof entry === 'string').map((entry) => entry.trim()).filter((entry) => entry !== '');
  return aliases.length > 0 ? aliases : null;
}

/** Where the frontmatter is, as Obsidian's `getFrontMatterInfo`. */
export function getFrontMatterInfo(content: string): { exists: boolean; frontmatter: string; from: number; to: number; contentStart: number } {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---(?:\r?\n|$)/.exec(content);
  if (!match) return { exists: false, frontmatter: '', from: 0, to: 0, contentStart: 0 };
  const from = content.indexOf('\n') + 1;
  return { exists: true, frontmatter: match[1], from, to: from + match[1].length, contentStart: match[0].length };
}
