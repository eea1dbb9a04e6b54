import type { Token } from 'markdown-it';
import type { LiveFormParser } from './markdown-it-parser';
import { t } from '../i18n';
import { runnableFenceLanguage } from '../markers';
import { editorForms, INLINE_QUERY } from './editor-forms';
import type { LiveForm } from './live-form';

export type { LiveForm } from './live-form';

/**
 * What in a Markdown file another plugin would run or Obsidian would load by itself, found the
 * way those readers find it (docs/decisions/inert-writer.md):
 * - Templater reads the raw text: every `<%` anywhere, frontmatter, code and comments included;
 * - Dataview and code-block plugins read the rendered Markdown: a fenced block whose language is
 *   not highlight-only (`dataviewjs`, `js-engine`, ...), and any code, inline or block, whose text
 *   after JavaScript's `trim()` starts with `=` or `$=`;
 * - Obsidian renders raw HTML (an `<img>` or `<iframe>` loads its `src`) and loads a Markdown
 *   image or an embed whose address has a scheme (`https:`, `data:`, ...) or starts with `//`.
 * The Markdown is parsed as CommonMark (markdown-it, with tables and strikethrough as Obsidian
 * has them) after line endings are normalised (a lone `\r` is a line break, as in CommonMark and
 * CodeMirror); a footnote definition's label is read as a block quote, so a fence in one is seen.
 */



let parser: LiveFormParser | null = null;
const REMOTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/** Obsidian's footnote definition label at the start of a line, after quote and list prefixes. */
const FOOTNOTE_LABEL = /^((?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]))*[ \t]{0,3})\[\^[^\]\s]+\]:[ \t]?/;

/** The parse, made on first use (`./markdown-it-parser` is evaluated then, not at plugin load). */
function liveFormParser(): LiveFormParser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports, no-undef -- esbuild's (and jest's) require: evaluated on first use (docs/decisions/bundle-size.md)
  return (require('./markdown-it-parser') as typeof import('./markdown-it-parser')).createLiveFormParser();
}

/** Every live form in `text`, in the order found: Templater's tags, the parse's, then what only an editor's reading adds. */
export function findLiveForms(text: string): LiveForm[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const forms = templaterTags(lines);
  const bodyStart = frontmatterEnd(lines);
  const body = lines.map((line, index) => (index < bodyStart ? '' : line));
  parser ??= liveFormParser();
  const tokens = parser.parse(body.join('\n'), {});
  walk(tokens, null, lines, forms);
  // Readers differ on footnotes (CommonMark has none): with a definition, the text is also read with each label as a quote.
  if (body.some((line) => FOOTNOTE_LABEL.test(line))) {
    const seen = new Set(forms.map(key));
    const more: LiveForm[] = [];
    walk(parser.parse(body.map((line) => line.replace(FOOTNOTE_LABEL, '$1> ')).join('\n'), {}), null, lines, more);
    forms.push(...more.filter((form) => !seen.has(key(form))));
  }
  forms.push(...editorForms(lines, fenceContentLines(tokens)));
  return forms;
}

/** The lines inside fenced code blocks (0-based): code to any reader, so never a fence's opening line. */
function fenceContentLines(tokens: readonly Token[]): Set<number> {
  const inside = new Set<number>();
  for (const token of tokens) {
    if (token.type !== 'fence' || token.map === null) continue;
    for (let line = token.map[0] + 1; line < token.map[1]; line += 1) inside.add(line);
  }
  return inside;
}

function key(form: LiveForm): string {
  return `${form.line}:${form.column}:${form.what}`;
}

/** Every `<%` in `text`: Templater reads the raw text of a created note, whatever Markdown makes of it. */
export function findTemplaterTags(text: string): LiveForm[] {
  return templaterTags(text.replace(/\r\n?/g, '\n').split('\n'));
}

function templaterTags(lines: readonly string[]): LiveForm[] {
  const forms: LiveForm[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    for (let column = lines[index].indexOf('<%'); column >= 0; column = lines[index].indexOf('<%', column + 2)) {
      forms.push({ line: index + 1, column: column + 1, what: t('inert.templaterTag'), source: lines[index].slice(column, column + 80) });
    }
  }
  return forms;
}

/** The first line after the frontmatter (0 without one): Obsidian reads it as properties, not Markdown. */
function frontmatterEnd(lines: readonly string[]): number {
  if (lines[0] !== '---') return 0;
  const close = lines.findIndex((line, index) => index > 0 && (line === '---' || line === '...'));
  return close < 0 ? 0 : close + 1;
}

function walk(tokens: readonly Token[], map: [number, number] | null, lines: readonly string[], forms: LiveForm[]): void {
  for (const token of tokens) {
    const where = token.map ?? map;
    const at = (needle: string, what: string) => forms.push({ ...locate(lines, where, needle), what, source: `${token.info} ${token.content}`.trim().slice(0, 80) });
    switch (token.type) {
      case 'fence':
        // A language the neutraliser broke (a zero-width space first) names no processor: Obsidian matches the exact name.
        if (runnableFenceLanguage(token.info) && !token.info.trim().startsWith('\u200b')) at(token.markup, t('inert.runnableBlock', { language: token.info.trim().split(/\s+/)[0] }));
        else if (INLINE_QUERY.test(token.content.trim())) at(token.content.trim().slice(0, 2), t('inert.queryBlock'));
        break;
      case 'code_block':
      case 'code_inline':
        if (INLINE_QUERY.test(token.content.trim())) at(token.content.trim().slice(0, 2), t(token.type === 'code_inline' ? 'inert.queryInline' : 'inert.queryBlock'));
        break;
      case 'html_block':
      case 'html_inline':
        if (/<[A-Za-z/?]|<![^-]/.test(token.content.replace(/<!--[\s\S]*?-->/g, ''))) at('<', t('inert.rawHtml'));
        break;
      case 'image': {
        const src = String(token.attrGet('src') ?? '');
        if (REMOTE.test(src)) at('!', t('inert.remoteImage', { address: src }));
        break;
      }
      case 'text':
        for (const embed of token.content.matchAll(/!\[\[\s*([^\]]*)/g)) if (REMOTE.test(embed[1])) at('![[', t('inert.remoteEmbed', { address: embed[1] }));
        break;
      default:
        break;
    }
    if (token.children !== null) walk(token.children, where, lines, forms);
  }
}

/** Where `needle` first occurs in the lines of `map` (the line's start when it does not). */
function locate(lines: readonly string[], map: [number, number] | null, needle: string): { line: number; column: number } {
  const [start, end] = map ?? [0, lines.length];
  for (let index = start; index < Math.max(end, start + 1) && index < lines.length; index += 1) {
    const column = needle === '' ? -1 : lines[index].indexOf(needle);
    if (column >= 0) return { line: index + 1, column: column + 1 };
  }
  return { line: start + 1, column: 1 };
}
