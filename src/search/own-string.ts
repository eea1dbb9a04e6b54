/**
 * A copy of `text` that does not keep the string it was cut from alive. V8 keeps a substring of
 * 13 or more characters as a view into its parent, so a heading, link or term kept from a note
 * would hold the whole note text in memory for as long as the index lives.
 */
export function ownString(text: string): string {
  return text.length >= 13 ? (text + ' ').slice(0, -1) : text;
}
