/**
 * An answer's Markdown as HTML for the exported page (docs/decisions/export-html.md): paragraphs,
 * headings, lists, quotes, tables, code blocks and inline bold, italics, code; a link to a note is
 * its name as text, a web link its text with the address beside it, never a link or an image that
 * loads anything. Every piece of text is escaped first (`escape`): the Markdown's own characters
 * are the only ones that become tags, so nothing a model or a note wrote can be markup.
 */
export function markdownToSafeHtml(markdown: string, escape: (text: string) => string): string {
  // The two private-use characters mark a note link's text below; none is kept from the input.
  const lines = markdown.replace(/\r\n?/g, '\n').replace(/[\uE000\uE001]/g, '').split('\n');
  const blocks: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    const fence = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !lines[index].trimStart().startsWith(fence[1])) body.push(lines[index++]);
      index += 1;
      blocks.push(`<pre><code>${escape(body.join('\n'))}</code></pre>`);
      continue;
    }
    if (line.trim() === '') {
      index += 1;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading !== null) {
      // The page's own headings are h1 and h2: an answer's start at h3.
      const level = Math.min(6, heading[1].length + 2);
      blocks.push(`<h${level}>${inline(heading[2].replace(/\s+#+\s*$/, ''), escape)}</h${level}>`);
      index += 1;
      continue;
    }
    if (isTableRow(line) && index + 1 < lines.length && /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(lines[index + 1])) {
      const header = cells(line);
      index += 2;
      const rows: string[][] = [];
      while (index < lines.length && isTableRow(lines[index])) rows.push(cells(lines[index++]));
      const row = (values: string[], tag: 'th' | 'td') => `<tr>${values.map((value) => `<${tag}>${inline(value, escape)}</${tag}>`).join('')}</tr>`;
      blocks.push(`<table><thead>${row(header, 'th')}</thead><tbody>${rows.map((values) => row(values, 'td')).join('')}</tbody></table>`);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item !== null) {
      const ordered = /\d/.test(item[2]);
      const items: string[] = [];
      while (index < lines.length) {
        const next = LIST_ITEM.exec(lines[index]);
        if (next !== null && /\d/.test(next[2]) === ordered) items.push(next[3]);
        // A line indented under an item continues it (a wrapped line, a nested item as text).
        else if (items.length > 0 && /^\s{2,}\S/.test(lines[index])) items[items.length - 1] += `\n${lines[index].trim()}`;
        else break;
        index += 1;
      }
      const tag = ordered ? 'ol' : 'ul';
      blocks.push(`<${tag}>${items.map((text) => `<li>${inline(text, escape)}</li>`).join('')}</${tag}>`);
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length && /^\s*>/.test(lines[index])) quoted.push(lines[index++].replace(/^\s*>\s?/, ''));
      blocks.push(`<blockquote>${markdownToSafeHtml(quoted.join('\n'), escape)}</blockquote>`);
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length && lines[index].trim() !== '' && !startsBlock(lines, index)) paragraph.push(lines[index++]);
    blocks.push(`<p>${paragraph.map((text) => inline(text, escape)).join('<br>')}</p>`);
  }
  return blocks.join('');
}

const LIST_ITEM = /^(\s{0,3})([-*+]|\d{1,9}[.)])\s+(.*)$/;

function startsBlock(lines: readonly string[], index: number): boolean {
  const line = lines[index];
  return /^\s*(`{3,}|~{3,})/.test(line) || /^#{1,6}\s/.test(line) || LIST_ITEM.test(line) || /^\s*>/.test(line) || (isTableRow(line) && index + 1 < lines.length && /^\s*\|?\s*:?-{3,}/.test(lines[index + 1]));
}

function isTableRow(line: string): boolean {
  return /^\s*\|.*\|\s*$/.test(line);
}

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** Inline Markdown of one line: code spans kept as written, then links as text, bold and italics. */
function inline(text: string, escape: (text: string) => string): string {
  return text
    .split(/(`+[^`]*`+)/)
    .map((part, position) => {
      if (position % 2 === 1) return `<code>${escape(part.replace(/^`+|`+$/g, ''))}</code>`;
      const linked = part
        // [[Note|shown]] and [[Note#Heading]]: the note's name as the reader sees it.
        .replace(/!?\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/g, (_match, target: string, shown: string | undefined) => `\uE000${shown ?? target}\uE001`)
        // [text](address): the text, the address beside it; an image's alt text the same way.
        .replace(/!?\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g, (_match, label: string, address: string) => (address === '' || label === address ? label : `${label} (${address})`));
      return escape(linked)
        .replace(/\uE000([^\uE001]*)\uE001/g, '<span class="note-link">$1</span>')
        .replace(/\*\*(?=\S)([^*]*?\S)\*\*|__(?=\S)([^_]*?\S)__/g, (_match, stars: string | undefined, lines: string | undefined) => `<strong>${stars ?? lines ?? ''}</strong>`)
        .replace(/(^|[^*\w])\*(?=\S)([^*]*?\S)\*(?!\w)|(^|[^_\w])_(?=\S)([^_]*?\S)_(?!\w)/g, (_match, before1: string | undefined, star: string | undefined, before2: string | undefined, line: string | undefined) => `${before1 ?? before2 ?? ''}<em>${star ?? line ?? ''}</em>`)
        .replace(/~~(?=\S)([^~]*?\S)~~/g, '<del>$1</del>');
    })
    .join('');
}
