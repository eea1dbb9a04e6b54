import { inertAnswerMarkdown } from '../../../src/ui/message/inert-answer-markdown';

const Z = '\u200b';

describe('inertAnswerMarkdown', () => {
  it('keeps the HTML of a block that is one whole fenced code block, breaking only Templater tags', () => {
    const sample = '```html\n<img src="https://e.example/a.png"> <%+ tp.date.now() %>\n```';
    expect(inertAnswerMarkdown(sample)).toBe(`\`\`\`html\n<img src="https://e.example/a.png"> <${Z}%+ tp.date.now() %>\n\`\`\``);
  });

  it('neutralises HTML everywhere in any other block, code spans included, and drops a runnable fence language', () => {
    expect(inertAnswerMarkdown('Use `<b>` or <b>bold</b>')).toBe(`Use \`<${Z}b>\` or <${Z}b>bold<${Z}/b>`);
    expect(inertAnswerMarkdown('```html\n<b>\n```\nafter <i>')).toBe(`\`\`\`html\n<${Z}b>\n\`\`\`\nafter <${Z}i>`);
    expect(inertAnswerMarkdown('```dataviewjs\nx\n```')).toBe('```\nx\n```');
  });
});
