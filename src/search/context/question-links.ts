/**
 * The `[[links]]` typed in a question, as link text (`Note`, `Folder/Note#Heading`, `Note|shown`),
 * in order, each once. `![[embeds]]` count too; text inside backticks does not (code, not a link).
 */
export function questionLinks(question: string): string[] {
  const links: string[] = [];
  const text = question.replace(/`[^`\n]*`/g, '');
  let from = 0;
  for (;;) {
    const open = text.indexOf('[[', from);
    if (open < 0) break;
    const close = text.indexOf(']]', open + 2);
    if (close < 0) break;
    const inner = text.slice(open + 2, close);
    from = close + 2;
    // `[[a [[b]]`: the link is the innermost one.
    const nested = inner.lastIndexOf('[[');
    const link = (nested >= 0 ? inner.slice(nested + 2) : inner).trim();
    if (link !== '' && !link.includes('\n') && !links.includes(link)) links.push(link);
  }
  return links;
}
