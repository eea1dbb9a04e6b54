/**
 * The note a link names, as a verdict keeps it: `Folder/Note#Heading|alias` → `Folder/Note`,
 * `Folder/My%20note.md` → `Folder/My note`. Undefined for a link that names no note of the vault
 * (a web address, another scheme, an attachment such as `image.png`, a heading of the answer itself).
 */
export function citationTarget(linktext: string, form: 'wikilink' | 'markdown'): string | undefined {
  let target = linktext.replace(/\|.*$/, '').replace(/[#^].*$/, '').trim();
  if (form === 'markdown') {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
    target = safeDecode(target.replace(/^<|>$/g, '')).replace(/^\.?\//, '');
    if (/\.(?!md$)[a-z0-9]{1,5}$/i.test(target)) return undefined;
  }
  target = target.replace(/\.md$/i, '').trim();
  return target === '' ? undefined : target;
}

/** How verdicts and marks compare targets: the vault resolves names case-insensitively. */
export function citationKey(target: string): string {
  return target.toLowerCase();
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
