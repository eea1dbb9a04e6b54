import { attachQuestionContext, type ContextNotes } from '../../../src/search';
import { contextNotices, contextPreamble } from '../../../src/agent/context-step';
import { setUiLanguage } from '../../../src/i18n';

const notes = (texts: Record<string, string>, unreadable: readonly string[] = []): ContextNotes => ({
  has: (path) => path in texts || unreadable.includes(path),
  read: (path) => (unreadable.includes(path) ? Promise.reject(new Error('EACCES: permission denied')) : Promise.resolve(texts[path])),
  resolve: (linktext) => (`${linktext}.md` in texts ? `${linktext}.md` : undefined),
  countInScope: () => 0,
});

describe('attachQuestionContext', () => {
  it('attaches an unreadable or vanished note with a notice and no text, and never throws', async () => {
    const context = await attachQuestionContext({ question: 'Why?', context: { notes: ['Locked.md', 'Gone.md', 'Fine.md'] }, notes: notes({ 'Fine.md': 'fine' }, ['Locked.md']), budgetTokens: 100 });
    expect(context.attachments).toEqual([
      { kind: 'note', path: 'Locked.md', chars: 0, notice: 'could not be read (EACCES: permission denied); nothing sent', text: '', cut: false },
      { kind: 'note', path: 'Gone.md', chars: 0, notice: 'not found in the vault; nothing sent', text: '', cut: false },
      { kind: 'note', path: 'Fine.md', chars: 4, text: 'fine', cut: false },
    ]);
  });

  it('says why a note was not sent in the UI’s language (Japanese); what the model reads stays English', async () => {
    setUiLanguage('ja');
    try {
      const context = await attachQuestionContext({ question: 'Why?', context: { notes: ['Locked.md', 'Gone.md', 'Blob.md', 'Fine.md'] }, notes: notes({ 'Fine.md': 'fine', 'Blob.md': '\u0000\u0001\u0002binary\u0000' }, ['Locked.md']), budgetTokens: 100 });
      expect(contextNotices(context)).toEqual([
        'Locked.md: 読み込めませんでした（EACCES: permission denied）。何も送信していません',
        'Gone.md: 保管庫に見つかりません。何も送信していません',
        'Blob.md: テキストではなくバイナリデータのようです。何も送信していません',
      ]);
      expect(contextPreamble(context)).toBe('The user attached these (cite them as [[links]]):\n\n<attached path="Fine.md">\nNote Fine.md:\n\nfine\n</attached>\n\nQuestion:\n');
    } finally {
      setUiLanguage('en');
    }
  });

  it('attaches a note once when it is also linked, names links to no note, and counts the scope', async () => {
    const context = await attachQuestionContext({ question: 'See [[Fine]] and [[Missing]]', context: { notes: ['Fine.md'], scope: { folders: ['/Projects/'], tags: ['#x'] } }, notes: notes({ 'Fine.md': 'fine' }), budgetTokens: 100 });
    expect(context.attachments.map((attachment) => attachment.path)).toEqual(['Fine.md']);
    expect(context.missingLinks).toEqual(['Missing']);
    expect(context.scope).toEqual({ folders: ['Projects'], tags: ['x'] });
    expect(context.scopeNotes).toBe(0);
  });

  // Issue 38 item 4: `![[dock-diagram.png]]` was also attached as a note, "(not sent)", "looks like binary data".
  it('leaves an embedded image to the images: no note attachment, no binary-data notice', async () => {
    const withImage: ContextNotes = { ...notes({ 'Fine.md': 'fine' }), has: () => true, read: (path) => Promise.resolve(path === 'Fine.md' ? 'fine' : '\u0089PNG\u0000\u0000'), resolve: (linktext) => linktext };
    const context = await attachQuestionContext({ question: 'What does ![[dock-diagram.png]] show? See [[Fine.md]]', context: {}, notes: withImage, budgetTokens: 100 });
    expect(context.attachments.map((attachment) => attachment.path)).toEqual(['Fine.md']);
    expect(context.missingLinks).toEqual([]);
    expect(contextNotices(context)).toEqual([]);
  });
});
