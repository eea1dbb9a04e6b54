import { findVisibleLiterals } from '../../../tools/i18n/visible-literals';

const texts = (source: string, file = 'x.tsx'): string[] => findVisibleLiterals(file, source).map((literal) => literal.text);

describe('findVisibleLiterals', () => {
  it('finds JSX text, visible attributes and string children', () => {
    const source = `
      export const A = (p) => (
        <div className="glassbox-x" data-testid="x" aria-label="Answer actions" title={p.on ? 'Hide changes' : 'Show changes'}>
          Copy
          {p.count === 1 ? 'Open cited note' : \`Open \${p.count} cited notes\`}
          <input placeholder="Filter conversations" type="search" />
        </div>
      );`;
    expect(texts(source)).toEqual(['Answer actions', 'Hide changes', 'Show changes', 'Copy', 'Open cited note', 'Open   cited notes', 'Filter conversations']);
  });

  it('finds notices, setters and the names of commands and settings', () => {
    const source = `
      new Notice('The chat view could not be opened.');
      el.setText(\`Embedding: \${done}\`);
      plugin.addCommand({ id: 'open-chat', name: 'Open chat' });
      const group = { type: 'group', heading: 'Agent', items: [{ name: 'Max steps', desc: 'Most calls.', control: { type: 'toggle', key: 'x' } }] };
      button.textContent = 'Load image';
      this.addRibbonIcon('message-square', 'Open chat', open);`;
    expect(texts(source, 'x.ts')).toEqual(['The chat view could not be opened.', 'Embedding:', 'Open chat', 'Agent', 'Max steps', 'Most calls.', 'Load image', 'Open chat']);
  });

  it('leaves keys, identifiers, comparisons and typography alone', () => {
    const source = `
      const A = (p) => (
        <span className="glassbox-chip" data-kind="note" role="listitem" aria-label={t('context.remove', { label: p.label })}>
          {t('answer.copy')}
          {p.kind === 'added' ? '+' : '−'}
          ×
          {\` · \${p.size}\`}
        </span>
      );
      if (event.key === 'Escape') close();
      new Notice(t('notice.exported', { path }));
      plugin.addCommand({ id: 'new-chat', name: t('command.newChat') });`;
    expect(texts(source)).toEqual([]);
  });
});
