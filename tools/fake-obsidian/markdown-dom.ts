import MarkdownIt, { type StateInline, type Token } from 'markdown-it';
import { htmlCommentBlockRule, obsidianCommentBlockRule, obsidianCommentInlineRule, stripHtmlComments } from './markdown-comments';
import { decodedLink } from './metadata-parser';

/**
 * Markdown → DOM through markdown-it. The token stream is turned into elements with
 * `createElement` and text nodes, never through an HTML string, so note text cannot become live
 * HTML whatever it contains. markdown-it parses raw HTML (`html: true`) only so that HTML comments
 * can be dropped, as Obsidian's reading view hides `<!-- ... -->` (Glassbox's REASONING_BLOCK and
 * GLASSBOX_MESSAGE markers); every other piece of raw HTML is shown as text. Obsidian's own
 * `%%comment%%` syntax is hidden too.
 * `[[target]]` and `[[target|alias]]` become `<a class="internal-link" data-href href>` as in
 * Obsidian's reading view; `![[...]]` embeds are shown as links too.
 */
const markdown = new MarkdownIt({ html: true, linkify: true, breaks: false });
markdown.inline.ruler.before('link', 'wikilink', wikilinkRule);
markdown.inline.ruler.before('emphasis', 'obsidian_comment', obsidianCommentInlineRule);
markdown.block.ruler.before('html_block', 'html_comment', htmlCommentBlockRule, { alt: ['paragraph', 'reference', 'blockquote'] });
markdown.block.ruler.before('paragraph', 'obsidian_comment', obsidianCommentBlockRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });

/** How {@link renderMarkdownInto} treats raw HTML. */
export interface FakeMarkdownOptions {
  /**
   * Fake-only: render raw HTML as Obsidian does, sanitised (no `script`, no `on…` handlers, no
   * `javascript:` URLs) but live: an `<img>` or `<iframe>` with a remote `src` is created and
   * would load. Default false: raw HTML is shown as text.
   */
  readonly rawHtml?: boolean;
}

/** Renders `source` as children of `el`. */
export function renderMarkdownInto(source: string, el: HTMLElement, options: FakeMarkdownOptions = {}): void {
  const tokens = markdown.parse(source, {});
  const doc = el.ownerDocument;
  const stack: HTMLElement[] = [el];
  const top = (): HTMLElement => stack[stack.length - 1];
  for (const token of tokens) {
    if (token.type === 'inline') {
      renderInline(token.children ?? [], top(), doc, options);
    } else if (token.type === 'fence' || token.type === 'code_block') {
      const pre = top().appendChild(doc.createElement('pre'));
      const code = pre.appendChild(doc.createElement('code'));
      const language = token.info.trim().split(/\s+/)[0];
      if (language) code.className = `language-${language}`;
      code.textContent = token.content;
    } else if (token.type === 'html_block') {
      // A raw HTML block shows as a text paragraph, minus its comments (a comment may span lines).
      const text = stripHtmlComments(token.content).trim();
      if (text && options.rawHtml === true) appendSanitisedHtml(top(), text);
      else if (text) top().appendChild(doc.createElement('p')).textContent = text;
    } else if (token.nesting === 1) {
      const child = top().appendChild(createWithAttrs(doc, token));
      stack.push(child);
    } else if (token.nesting === -1) {
      stack.pop();
    } else if (token.tag) {
      top().appendChild(createWithAttrs(doc, token));
    }
  }
}

function renderInline(tokens: readonly Token[], parent: HTMLElement, doc: Document, options: FakeMarkdownOptions): void {
  const stack: HTMLElement[] = [parent];
  const top = (): HTMLElement => stack[stack.length - 1];
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        top().appendChild(doc.createTextNode(token.content));
        break;
      case 'softbreak':
        top().appendChild(doc.createTextNode('\n'));
        break;
      case 'hardbreak':
        top().appendChild(doc.createElement('br'));
        break;
      case 'code_inline': {
        const code = top().appendChild(doc.createElement('code'));
        code.textContent = token.content;
        break;
      }
      case 'html_inline':
        // markdown-it only emits a comment as one complete `<!-- ... -->` token; other tags are text,
        // or (rawHtml) each opening tag an empty element (its text follows as a sibling; closing tags go).
        if (token.content.startsWith('<!--') || (options.rawHtml === true && token.content.startsWith('</'))) break;
        if (options.rawHtml === true) appendSanitisedHtml(top(), token.content);
        else top().appendChild(doc.createTextNode(token.content));
        break;
      case 'image': {
        const img = top().appendChild(createWithAttrs(doc, token));
        img.setAttribute('alt', token.content);
        break;
      }
      case 'wikilink': {
        const link = top().appendChild(doc.createElement('a'));
        const target = String(token.attrGet('data-href') ?? '');
        link.className = 'internal-link';
        link.setAttribute('data-href', target);
        link.setAttribute('href', target);
        link.setAttribute('target', '_blank');
        link.setAttribute('rel', 'noopener nofollow');
        link.textContent = token.content;
        break;
      }
      case 'link_open': {
        const link = top().appendChild(createWithAttrs(doc, token));
        const href = String(token.attrGet('href') ?? '');
        if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
          link.className = 'external-link';
          link.setAttribute('target', '_blank');
          link.setAttribute('rel', 'noopener nofollow');
        } else {
          link.className = 'internal-link';
          link.setAttribute('data-href', decodedLink(href));
        }
        stack.push(link);
        break;
      }
      default:
        if (token.nesting === 1) stack.push(top().appendChild(createWithAttrs(doc, token)));
        else if (token.nesting === -1) stack.pop();
        else if (token.content) top().appendChild(doc.createTextNode(token.content));
    }
  }
}

function createWithAttrs(doc: Document, token: Token): HTMLElement {
  const el = doc.createElement(token.tag);
  for (const [name, value] of token.attrs ?? []) el.setAttribute(name, String(value));
  return el;
}

/** `[[target]]`, `[[target|alias]]`, `[[target#heading]]`, and `![[embed]]` (the `!` is consumed). */
function wikilinkRule(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  const embed = state.src.charCodeAt(start) === 0x21; /* ! */
  const open = embed ? start + 1 : start;
  if (state.src.charCodeAt(open) !== 0x5b || state.src.charCodeAt(open + 1) !== 0x5b) return false;
  const close = state.src.indexOf(']]', open + 2);
  if (close < 0) return false;
  const inner = state.src.slice(open + 2, close);
  if (inner.trim() === '' || inner.includes('\n') || inner.includes('[')) return false;
  if (!silent) {
    const pipe = inner.indexOf('|');
    const target = (pipe >= 0 ? inner.slice(0, pipe) : inner).trim();
    const token = state.push('wikilink', 'a', 0);
    token.attrSet('data-href', target);
    token.content = pipe >= 0 ? inner.slice(pipe + 1) : inner;
  }
  state.pos = close + 2;
  return true;
}

/** Raw HTML as elements, minus what Obsidian's sanitiser removes (scripts, event handlers, `javascript:` URLs). */
function appendSanitisedHtml(parent: HTMLElement, html: string): void {
  // An inert document (no script runs, nothing loads) holds the parse until it is cleaned.
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  for (const script of [...parsed.querySelectorAll('script')]) script.remove();
  for (const element of [...parsed.querySelectorAll('*')]) {
    for (const attribute of [...element.attributes]) {
      if (attribute.name.toLowerCase().startsWith('on') || /^\s*javascript:/i.test(attribute.value)) element.removeAttribute(attribute.name);
    }
  }
  for (const node of [...parsed.childNodes]) parent.appendChild(parent.ownerDocument.importNode(node, true));
}
