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

  it('finds the messages of run setup errors, and in a file whose thrown errors are shown, of every throw', () => {
    const source = `
      if (baseUrl === '') throw new RunSetupError('missing_base_url', \`The base URL "\${baseUrl}" is not complete.\`);
      const failure = new RunSetupError('missing_model', 'Choose a model first.');
      if (!file) throw new Error(\`\${path} is not a note\`);
      if (!ok) throw new TypeError(t('error.unknown'));`;
    expect(texts(source, 'x.ts')).toEqual(['The base URL " " is not complete.', 'Choose a model first.']);
    expect(findVisibleLiterals('x.ts', source, { shownThrows: true }).map((literal) => literal.text)).toEqual(['The base URL " " is not complete.', 'Choose a model first.', 'is not a note']);
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
