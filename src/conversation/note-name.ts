/**
 * Titles and file names of conversation notes. The name comes from the first question and is
 * safe on Windows, macOS, Linux, iOS and Android, and inside Obsidian (no link syntax).
 */

/** Longest title kept, in characters. */
const TITLE_MAX_CHARS = 80;
/** Longest file name stem, in UTF-8 bytes: well under the 255-byte limit of common file systems, leaving room for " 99.md". */
const NAME_MAX_BYTES = 120;
/** The title used when a conversation has no question yet. */
export const UNTITLED_CONVERSATION = 'New conversation';

/** Characters no file name may hold: reserved on Windows (`\/:*?"<>|`) or link syntax in Obsidian (`#^[]`), plus `%` of `%%` comments. */
const UNSAFE_CHARACTERS = /[\\/:*?"<>|#^[\]%]/g;
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * Whether Windows takes this file or folder name for a device (`CON.md`, `aux.md`, `nul`,
 * `COM1.txt`), also with spaces before the extension or dots and spaces at the end, which
 * Windows drops.
 */
export function isWindowsReservedName(name: string): boolean {
  return WINDOWS_RESERVED.test(name.replace(/[. ]+$/, '').replace(/ +(?=\.)/g, ''));
}

/**
 * A one-line title from a question: its first line with text, without Markdown prefixes
 * (`#`, `>`, list bullets), whitespace collapsed, cut at a word near 80 characters.
 */
export function titleFromQuestion(question: string): string {
  const line = question
    .split('\n')
    .map((candidate) => candidate.replace(/^[\s>#*+-]+/, '').replace(/\s+/g, ' ').trim())
    .find((candidate) => candidate !== '');
  if (line === undefined) return UNTITLED_CONVERSATION;
  const characters = Array.from(line);
  if (characters.length <= TITLE_MAX_CHARS) return line;
  const cut = characters.slice(0, TITLE_MAX_CHARS).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A file name stem (no extension) made safe for every platform from a title; never empty. */
export function noteFileStem(title: string): string {
  // `[[Note]], …` becomes `Note, …`: link brackets go without a trace, no space is left before punctuation.
  let stem = title
    .replace(/\[\[([^\]|]*)\|([^\]]*)\]\]/g, '$2')
    .replace(/\[\[([^\]]*)\]\]/g, '$1')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(UNSAFE_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,;.!)])/g, '$1')
    .trim();
  // A leading dot hides the file from Obsidian; trailing dots and spaces are dropped by Windows.
  stem = stem.replace(/^[.\s]+/, '');
  stem = truncateUtf8(stem, NAME_MAX_BYTES);
  stem = stem.replace(/[.\s]+$/, '');
  if (stem === '') return 'Conversation';
  if (isWindowsReservedName(stem)) return `${stem} conversation`;
  return stem;
}

function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) break;
    bytes += size;
    out += character;
  }
  return out;
}

/** Options of {@link uniqueNotePath}. */
export interface UniqueNotePathOptions {
  /** Vault-relative folder, `/`-separated, '' for the root. */
  readonly folder: string;
  readonly title: string;
  /** Whether a path is taken; compared case-insensitively by the caller if the platform needs it. */
  readonly exists: (path: string) => boolean;
}

/** `folder/Stem.md`, or `folder/Stem 2.md`, `… 3.md` when taken. */
export function uniqueNotePath(options: UniqueNotePathOptions): string {
  const folder = options.folder.replace(/^\/+|\/+$/g, '');
  const prefix = folder === '' ? '' : `${folder}/`;
  const stem = noteFileStem(options.title);
  for (let attempt = 1; ; attempt += 1) {
    const path = `${prefix}${attempt === 1 ? stem : `${stem} ${attempt}`}.md`;
    if (!options.exists(path)) return path;
  }
}
