import { Component, createFakeApp, MarkdownRenderChild, MarkdownRenderer } from '../../../tools/fake-obsidian';

async function render(markdown: string): Promise<HTMLElement> {
  const app = createFakeApp();
  const el = createDiv();
  const component = new Component();
  await MarkdownRenderer.render(app, markdown, el, 'Notes/source.md', component);
  component.unload();
  return el;
}

describe('fake MarkdownRenderer.render', () => {
  it('renders headings, emphasis, lists and paragraphs as real elements', async () => {
    const el = await render('# Title\n\nSome **bold** and *em* text.\n\n- one\n- two\n\n1. first\n2. second\n');
    expect(el.querySelector('h1')?.textContent).toBe('Title');
    expect(el.querySelector('p strong')?.textContent).toBe('bold');
    expect(el.querySelector('p em')?.textContent).toBe('em');
    expect([...el.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect([...el.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['first', 'second']);
  });

  it('renders fenced code with its language class and the code as text', async () => {
    const el = await render('```ts\nconst a = 1 < 2;\n```\n\nand `inline <b>`');
    const code = el.querySelector('pre > code')!;
    expect(code.className).toBe('language-ts');
    expect(code.textContent).toBe('const a = 1 < 2;\n');
    expect(el.querySelector('p code')?.textContent).toBe('inline <b>');
    expect(el.querySelector('b')).toBeNull();
  });

  it('renders external links as external and relative links as internal', async () => {
    const el = await render('[site](https://example.com) and [note](Other%20note.md)');
    const [external, internal] = [...el.querySelectorAll('a')];
    expect(external.getAttribute('href')).toBe('https://example.com');
    expect(external.className).toBe('external-link');
    expect(external.getAttribute('rel')).toBe('noopener nofollow');
    expect(internal.className).toBe('internal-link');
    expect(internal.getAttribute('data-href')).toBe('Other note.md');
  });

  it('renders [[wikilinks]] and [[target|alias]] as internal links', async () => {
    const el = await render('See [[Refund policy]] and [[Billing/Invoices#Totals|the invoices]].');
    const links = [...el.querySelectorAll('a.internal-link')];
    expect(links.map((link) => [link.getAttribute('data-href'), link.getAttribute('href'), link.textContent])).toEqual([
      ['Refund policy', 'Refund policy', 'Refund policy'],
      ['Billing/Invoices#Totals', 'Billing/Invoices#Totals', 'the invoices'],
    ]);
  });

  it('leaves wikilinks inside code alone', async () => {
    const el = await render('`[[not a link]]`');
    expect(el.querySelector('a')).toBeNull();
    expect(el.textContent).toBe('[[not a link]]');
  });

  it.each([
    ['a script tag', '<script>window.pwned = true</script>', 'script'],
    ['an img with onerror', '<img src=x onerror="window.pwned = true">', 'img'],
    ['inline html', 'text <iframe src="https://evil"></iframe> more', 'iframe'],
    ['html inside a wikilink alias', '[[x|<b onclick=alert(1)>y</b>]]', 'b'],
    ['an svg with onload', '<svg onload="window.pwned = true"><circle r="1"/></svg>', 'svg'],
    ['a javascript: anchor', 'see <a href="javascript:window.pwned=true">here</a>', 'a'],
  ])('escapes %s: it shows as text and creates no element', async (_label, markdown, tag) => {
    const el = await render(markdown);
    expect(el.querySelector(tag)).toBeNull();
    expect(el.querySelector('[onerror], [onclick]')).toBeNull();
    expect(el.textContent).toContain(markdown.includes('[[') ? '<b onclick=alert(1)>y</b>' : markdown.trim());
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('hides the HTML comments of a saved conversation note, as Obsidian does, and shows the answer', async () => {
    const marker = '<!--REASONING_BLOCK:{"v":1,"steps":[{"kind":"search","query":"a -- b <img src=x onerror=alert(1)>"}]}-->';
    const message = '<!--GLASSBOX_MESSAGE:{"role":"assistant",\n"id":"m1"}-->';
    const el = await render(`${marker}\n\nThe refund window is **30 days**.\n\n${message}\n`);
    expect(el.textContent).not.toContain('<!--');
    expect(el.textContent).not.toContain('REASONING_BLOCK');
    expect(el.textContent).not.toContain('GLASSBOX_MESSAGE');
    expect(el.querySelector('p')?.textContent).toBe('The refund window is 30 days.');
    expect(el.querySelector('img')).toBeNull();
  });

  it('hides inline and multi-line comments but keeps the text around them', async () => {
    const el = await render('Before <!-- inline\nacross a line --> after.\n\n<!--\nblock\nover lines\n-->\nTail <b>bold</b> text');
    expect(el.textContent).not.toMatch(/<!--|-->|inline|block|over lines/);
    expect(el.textContent).toContain('Before');
    expect(el.textContent).toContain('after.');
    expect(el.textContent).toContain('Tail <b>bold</b> text');
    expect(el.querySelector('b')).toBeNull();
  });

  it('hides an unclosed comment only up to the end of its section, so the answer after a broken marker shows', async () => {
    const el = await render('<!--REASONING_BLOCK:{"v":1,"status":\n\nPartial **answer**.\n\n<!--GLASSBOX_MESSAGE:{"id":"m2"}-->\n\nNext.');
    expect(el.textContent).not.toMatch(/<!--|REASONING_BLOCK|GLASSBOX_MESSAGE/);
    expect([...el.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Partial answer.', 'Next.']);
    expect(el.querySelector('p strong')?.textContent).toBe('answer');
  });

  it('keeps raw HTML next to a comment as text', async () => {
    const el = await render('<!-- hidden --><svg onload="window.pwned = true"></svg>\n\nok');
    expect(el.textContent).not.toContain('hidden');
    expect(el.textContent).toContain('<svg onload="window.pwned = true"></svg>');
    expect(el.querySelector('svg, [onload]')).toBeNull();
  });

  it('hides Obsidian %%comments%%, inline and as a block', async () => {
    const el = await render('Shown %%secret%% too.\n\n%%\nblock secret\n\nstill secret\n%%\n\nLast line');
    expect(el.textContent).not.toContain('secret');
    expect(el.textContent).not.toContain('%%');
    expect([...el.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Shown  too.', 'Last line']);
  });

  it('leaves %% and comments inside code alone', async () => {
    const el = await render('`%%a%%` and `<!-- b -->`\n\n```\n<!-- c -->\n%%\n```');
    expect([...el.querySelectorAll('code')].map((code) => code.textContent)).toEqual(['%%a%%', '<!-- b -->', '<!-- c -->\n%%\n']);
  });

  it('does not turn javascript: links into hrefs', async () => {
    const el = await render('[click](javascript:alert(1))');
    expect([...el.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([]);
  });

  it('appends to the element and runs registered post-processors with the source path', async () => {
    const app = createFakeApp();
    const seen: string[] = [];
    const component = new Component();
    component.load();
    let childLoaded = false;
    class Child extends MarkdownRenderChild {
      override onload(): void {
        childLoaded = true;
      }
    }
    app.markdownPostProcessors.push((el, ctx) => {
      seen.push(`${ctx.sourcePath}:${el.querySelector('h2')?.textContent}`);
      ctx.addChild(new Child(el));
    });
    const el = createDiv();
    el.createSpan({ text: 'kept' });
    await MarkdownRenderer.render(app, '## Hi', el, 'a.md', component);
    expect(el.firstElementChild?.textContent).toBe('kept');
    expect(el.querySelector('h2')?.textContent).toBe('Hi');
    expect(seen).toEqual(['a.md:Hi']);
    expect(childLoaded).toBe(true);
  });
});

describe('fake MarkdownRenderer.render with rawHtml (as Obsidian renders raw HTML)', () => {
  it('creates the elements, sanitised: no script, no handlers, no javascript: URLs, but a remote src stays', async () => {
    const app = createFakeApp({ rawHtml: true });
    const el = document.body.createDiv();
    const component = new Component();
    await MarkdownRenderer.render(app, 'Inline <img src="https://attacker.example/x.png" onerror="window.__pwned = true"> text\n\n<div><iframe src="https://attacker.example/f"></iframe><script>window.__pwned = true</script><a href="javascript:alert(1)">a</a></div>', el, '', component);
    expect(el.querySelector('img')?.getAttribute('src')).toBe('https://attacker.example/x.png');
    expect(el.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(el.querySelector('iframe')?.getAttribute('src')).toBe('https://attacker.example/f');
    expect(el.querySelector('script')).toBeNull();
    expect(el.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    component.unload();
  });
});
