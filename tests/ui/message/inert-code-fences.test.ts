import { inertCodeFences } from '../../../src/ui/message/inert-code-fences';

describe('inertCodeFences', () => {
  it('drops the language of blocks other plugins run, keeps highlight-only ones and the code itself', () => {
    const answer = ['```dataviewjs', 'dv.paragraph("ran")', '```', '', '~~~Mermaid title', 'graph TD', '~~~', '', '```python', 'print(1)', '```', '', '```my-plugin-lang', 'x', '```'].join('\n');
    expect(inertCodeFences(answer)).toBe(['```', 'dv.paragraph("ran")', '```', '', '~~~', 'graph TD', '~~~', '', '```python', 'print(1)', '```', '', '```', 'x', '```'].join('\n'));
  });

  it('treats an unclosed fence as plain code, in block quotes and lists too', () => {
    expect(inertCodeFences('Start:\n\n```mermaid\ngraph TD\nA-->')).toBe('Start:\n\n```\ngraph TD\nA-->');
    expect(inertCodeFences('> ```dataview\n> LIST\n> ```')).toBe('> ```\n> LIST\n> ```');
    expect(inertCodeFences('- item\n  ```tasks\n  not done\n  ```')).toBe('- item\n  ```\n  not done\n  ```');
  });

  it('leaves fence-like lines inside a code block alone, and defuses Dataview inline queries outside', () => {
    expect(inertCodeFences('````markdown\n```dataviewjs\n````')).toBe('````markdown\n```dataviewjs\n````');
    expect(inertCodeFences('```js\n$= dv.pages().length\n```')).toBe('```js\n\u200b$= dv.pages().length\n```');
    expect(inertCodeFences('Today is `= date(today)` and `$= dv.current()`; `a = b` stays.')).toBe('Today is `\u200b= date(today)` and `\u200b$= dv.current()`; `a = b` stays.');
  });
});
