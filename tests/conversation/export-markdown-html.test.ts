import { JSDOM } from 'jsdom';
import { escapeHtml } from '../../src/conversation/export-html';
import { markdownToSafeHtml } from '../../src/conversation/export-markdown-html';

// Issue 38 item 12: the HTML export showed an answer's raw Markdown (`**€20**`, `[[…]]`, "- ").

function render(markdown: string): HTMLElement {
  // Parsed as a browser parses the exported page.
  return new JSDOM(`<!doctype html><body>${markdownToSafeHtml(markdown, escapeHtml)}</body>`).window.document.body;
}

describe('markdownToSafeHtml', () => {
  it('draws bold, lists, tables, code and a note link as its name, as a reader sees the answer', () => {
    const body = render([
      'Support may refund up to **€20** per rider, see [[Expense and refunds policy|the policy]] and *the* `limit` [site](https://example.com).',
      '',
      '- first [[2026-09-17 Pricing review]]',
      '- second',
      '',
      '1. one',
      '2. two',
      '',
      '| Plan | Price |',
      '| --- | ---: |',
      '| Pass | €12.90 |',
      '',
      '```',
      'const a = "<b>";',
      '```',
      '',
      '## Next',
    ].join('\n'));
    expect(body.querySelector('p strong')?.textContent).toBe('€20');
    expect(body.querySelector('p em')?.textContent).toBe('the');
    expect(body.querySelector('p code')?.textContent).toBe('limit');
    expect([...body.querySelectorAll('.note-link')].map((link) => link.textContent)).toEqual(['the policy', '2026-09-17 Pricing review']);
    expect(body.querySelector('p')?.textContent).toContain('site (https://example.com)');
    expect([...body.querySelectorAll('ul > li')].map((item) => item.textContent)).toEqual(['first 2026-09-17 Pricing review', 'second']);
    expect([...body.querySelectorAll('ol > li')].map((item) => item.textContent)).toEqual(['one', 'two']);
    expect([...body.querySelectorAll('table th, table td')].map((cell) => cell.textContent)).toEqual(['Plan', 'Price', 'Pass', '€12.90']);
    expect(body.querySelector('pre code')?.textContent).toBe('const a = "<b>";');
    expect(body.querySelector('h4')?.textContent).toBe('Next');
    expect(body.textContent).not.toMatch(/\*\*|\[\[|^- /m);
    // Nothing that loads or links.
    expect(body.querySelectorAll('a, img, script, iframe, svg')).toHaveLength(0);
  });

  it('escapes every text: markup in the answer, a link, a table cell or a code span stays text', () => {
    const hostile = [
      '<img src=x onerror=alert(1)> **<script>alert(2)</script>**',
      '[[<svg onload=alert(3)>|<b>x</b>]] [click](javascript:alert(4)) ![pic](https://evil.example/p.png)',
      '| <iframe src=x> | `<a href=x>` |',
      '| --- | --- |',
      '| "\' onmouseover=alert(5) | \uE000<i>\uE001 |',
      '- <style>body{display:none}</style>',
    ].join('\n');
    const body = render(hostile);
    expect(body.querySelectorAll('img, script, svg, iframe, a, style, b, i')).toHaveLength(0);
    const attributes = [...body.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.name));
    expect(attributes.filter((name) => name !== 'class')).toEqual([]);
    expect(body.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(body.querySelector('strong')?.textContent).toBe('<script>alert(2)</script>');
    expect(body.textContent).toContain('click (javascript:alert(4))');
    expect(body.querySelector('th code')?.textContent).toBe('<a href=x>');
    expect(body.querySelectorAll('td')[1]?.textContent).toBe('<i>');
  });
});
