/**
 * The notes an answer cites: its `[[wikilinks]]` (the system prompt asks the model to cite
 * every note it relies on so), as link texts without the display part, each once, in order of
 * first mention. Embeds (`![[...]]`) and links inside code are not citations.
 */
export function citedNotes(answer: string): string[] {
  const prose = answer.replace(/^(```|~~~)[^\n]*\n[\s\S]*?(^\1[^\n]*$|(?![\s\S]))/gm, '').replace(/`[^`\n]*`/g, '');
  const seen = new Set<string>();
  const cited: string[] = [];
  for (const match of prose.matchAll(/(!?)\[\[([^\]\n]+)\]\]/g)) {
    if (match[1] === '!') continue;
    const target = match[2].split('|')[0].trim();
    const key = target.toLowerCase();
    if (target === '' || seen.has(key)) continue;
    seen.add(key);
    cited.push(target);
  }
  return cited;
}
