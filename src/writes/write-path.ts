import { isWindowsReservedName } from '../conversation';

/** Characters Obsidian does not allow in a file name, and control characters. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FORBIDDEN_CHARACTERS = /[*"<>:|?\\\u0000-\u001f\u007f]/;

/** Where a write tool may write, or why not (one sentence the model reads). */
export type WritePathCheck = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

/**
 * The rules every note write follows (DESIGN.md 11.2): a vault-relative path to a `.md` note,
 * never outside the vault (no absolute path, no `..`), never in a hidden folder or a hidden
 * note (`.obsidian`, `.trash`, `.git`), never in the conversations folder (Glassbox's own
 * notes). A leading `./` and repeated slashes are tidied; nothing else is rewritten.
 *
 * Folder names are compared as Windows and macOS compare them ({@link comparableName}), so
 * `glassbox/conversations.`, `Glaſſbox/…` or an NFD spelling is the conversations folder too,
 * and names Windows keeps for devices (`CON.md`, `aux.md`) are refused as note naming refuses
 * them. The writer applies the same rules again to the path's real location (a symlinked
 * folder is judged by where it leads).
 */
export function checkWritePath(raw: string, options: { conversationsFolder: string }): WritePathCheck {
  const given = raw.trim();
  if (given === '') return refuse('the path is empty; give a vault-relative path such as "Notes/Idea.md"');
  if (given.startsWith('/') || given.startsWith('\\') || /^[a-zA-Z]:/.test(given) || given.startsWith('~')) {
    return refuse(`"${given}" is not vault-relative; give a path inside the vault such as "Notes/Idea.md"`);
  }
  const segments = given.split('/').filter((segment, index) => segment !== '' && !(segment === '.' && index === 0));
  if (segments.some((segment) => segment === '..' || segment === '.')) return refuse(`"${given}" leads outside the vault; ".." and "." are not allowed in a path`);
  if (segments.some((segment) => segment.startsWith('.') || comparableName(segment).startsWith('.'))) return refuse(`"${given}" is in a hidden folder or is a hidden file; notes there are not written`);
  if (segments.some((segment) => FORBIDDEN_CHARACTERS.test(segment))) return refuse(`"${given}" contains a character not allowed in a note name (* " < > : | ? \\ or a control character)`);
  if (segments.some((segment) => isWindowsReservedName(segment))) return refuse(`"${given}" uses a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1-9, LPT1-9); choose another name`);
  const path = segments.join('/');
  if (!path.endsWith('.md')) return refuse(`"${given}" is not a Markdown note; the path must end in ".md"`);
  const folder = options.conversationsFolder.split('/').map(comparableName).filter((segment) => segment !== '');
  const comparable = segments.map(comparableName);
  if (folder.length > 0 && folder.every((segment, index) => comparable[index] === segment)) {
    return refuse(`"${given}" is in the conversations folder (${options.conversationsFolder}), which only Glassbox writes`);
  }
  return { ok: true, path };
}

function refuse(reason: string): WritePathCheck {
  return { ok: false, reason };
}

/**
 * A file or folder name as case-insensitive file systems compare it: NFKC (an NFD spelling
 * becomes NFC, `ſ` becomes `s`), lower case, and without the trailing dots and spaces Windows
 * drops (`Conversations.` is `Conversations`).
 */
export function comparableName(segment: string): string {
  return segment.normalize('NFKC').toLowerCase().trim().replace(/[. ]+$/, '');
}
