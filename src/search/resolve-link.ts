/** A note path and its lower-cased name, for link resolution. */
interface Candidate {
  readonly path: string;
  readonly lower: string;
}

/** The part of a link that names the note: `Folder/Note#Heading|Alias` → `Folder/Note`. */
export function linkpathOf(linktext: string): string {
  return linktext.replace(/\|.*$/, '').replace(/[#^].*$/, '').trim();
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function joinRelative(folder: string, relative: string): string {
  const parts = folder === '' ? [] : folder.split('/');
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/**
 * Resolves link text to a note path the way Obsidian's `getFirstLinkpathDest` does, as far as
 * notes go: case-insensitive; an exact vault path (with or without `.md`) wins, then a path
 * relative to the linking note, then notes whose path ends with the link path, preferring the
 * linking note's own folder and then the shortest path. An empty linkpath (`[[#Heading]]`)
 * is the linking note itself. `pathsNamed` gives the note paths with a given lower-case file
 * name (`note.md`), so a resolution costs a map lookup, not a scan of the vault.
 */
export function resolveLink(linktext: string, pathsNamed: (lowerFileName: string) => Iterable<string>, sourcePath = ''): string | undefined {
  const linkpath = linkpathOf(linktext).replace(/^\/+/, '');
  if (linkpath === '') return sourcePath === '' ? undefined : sourcePath;
  const wanted = linkpath.toLowerCase().endsWith('.md') ? linkpath.toLowerCase() : `${linkpath.toLowerCase()}.md`;
  const relative = linkpath.startsWith('.') ? joinRelative(folderOf(sourcePath), wanted).toLowerCase() : undefined;
  const sourceFolder = folderOf(sourcePath).toLowerCase();
  let best: Candidate | undefined;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const path of pathsNamed(wanted.slice(wanted.lastIndexOf('/') + 1))) {
    const lower = path.toLowerCase();
    let rank: number;
    if (lower === wanted) rank = 0;
    else if (relative !== undefined && lower === relative) rank = 1;
    else if (lower.endsWith(`/${wanted}`)) rank = folderOf(lower) === sourceFolder ? 2 : 3;
    else continue;
    if (rank < bestRank || (rank === bestRank && best !== undefined && path.length < best.path.length)) {
      best = { path, lower };
      bestRank = rank;
    }
  }
  return best?.path;
}

/** How a host finds notes for {@link resolveLinkOrAlias}. */
export interface LinkTargets {
  /** Obsidian's own resolution (`getFirstLinkpathDest`, or {@link resolveLink} over the index). */
  readonly byLinkpath: (linktext: string, sourcePath: string) => string | undefined;
  /** Paths of the notes whose frontmatter `aliases` holds this alias (lower-cased). */
  readonly byAlias: (lowerAlias: string) => readonly string[];
}

/**
 * The link rule of a typed `[[link]]` (DESIGN.md 11.1), one for the plugin and the CLI: a path or
 * note name as Obsidian resolves it (exact path, relative, closest duplicate), else a note whose
 * alias it is (several: the one in the source's folder, else the shortest path, as for names).
 * Undefined when nothing matches: a missing link is named, never guessed.
 */
export function resolveLinkOrAlias(linktext: string, targets: LinkTargets, sourcePath = ''): string | undefined {
  const byPath = targets.byLinkpath(linktext, sourcePath);
  if (byPath !== undefined) return byPath;
  const alias = linkpathOf(linktext).toLowerCase();
  if (alias === '') return undefined;
  const sourceFolder = folderOf(sourcePath);
  return [...targets.byAlias(alias)].sort((a, b) => Number(folderOf(b) === sourceFolder) - Number(folderOf(a) === sourceFolder) || a.length - b.length || a.localeCompare(b))[0];
}
