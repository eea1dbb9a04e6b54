import { DraftContext } from '../../src/chat';

const alpha = { path: 'Projects/Alpha.md', chars: 400 };
const beta = { path: 'Notes/Beta.md', chars: 800 };

function draft(attachOpenNote = true) {
  let on = attachOpenNote;
  const context = new DraftContext({ attachOpenNote: () => on });
  return { context, setSetting: (value: boolean) => (on = value), chips: () => context.getState().chips };
}

describe('DraftContext', () => {
  it('attaches the open note by default and follows the active note until the question is sent', () => {
    const { context, chips } = draft();
    context.setActiveNote(alpha);
    expect(chips()).toMatchObject([{ kind: 'note', path: 'Projects/Alpha.md', open: true }]);
    context.setActiveNote(beta);
    expect(chips()).toMatchObject([{ kind: 'note', path: 'Notes/Beta.md', open: true }]);
    expect(context.questionContext()).toEqual({ notes: ['Notes/Beta.md'] });
    context.setActiveNote(null);
    expect(chips()).toEqual([]);
  });

  it('a removed open-note chip stays away until the question is sent, then comes back', () => {
    const { context, chips } = draft();
    context.setActiveNote(alpha);
    context.remove(chips()[0].id);
    context.setActiveNote(beta);
    expect(chips()).toEqual([]);
    context.sent();
    expect(chips()).toMatchObject([{ path: 'Notes/Beta.md', open: true }]);
  });

  it('the setting turns the default off', () => {
    const { context, chips, setSetting } = draft(false);
    context.setActiveNote(alpha);
    expect(chips()).toEqual([]);
    setSetting(true);
    context.refresh();
    expect(chips()).toHaveLength(1);
  });

  it('collects notes, a selection and a scope into the question context, and sums their size', () => {
    const { context, chips } = draft();
    context.setActiveNote(alpha);
    context.addNote(beta);
    context.addNote(beta);
    context.setSelection({ path: 'Notes/Beta.md', fromLine: 2, toLine: 3, text: 'x'.repeat(40) });
    context.addScope('folder', 'Projects');
    context.addScope('tag', 'meeting');
    expect(chips()).toHaveLength(5);
    expect(context.questionContext()).toEqual({
      notes: ['Projects/Alpha.md', 'Notes/Beta.md'],
      selection: { path: 'Notes/Beta.md', fromLine: 2, toLine: 3, text: 'x'.repeat(40) },
      scope: { folders: ['Projects'], tags: ['meeting'] },
    });
    expect(context.getState().tokens).toBe(100 + 200 + 10);
    context.sent();
    // The notes and selection go with the question; the scope stays for the follow-up (issue 26).
    expect(context.questionContext()).toEqual({ notes: ['Projects/Alpha.md'], scope: { folders: ['Projects'], tags: ['meeting'] } });
  });

  it('a selection of the open note replaces its open-note chip', () => {
    const { context, chips } = draft();
    context.setActiveNote(alpha);
    context.setSelection({ path: alpha.path, fromLine: 1, toLine: 1, text: 'one line' });
    expect(chips().map((chip) => chip.kind)).toEqual(['selection']);
    context.setActiveNote(beta);
    expect(chips().map((chip) => chip.kind)).toEqual(['selection']);
  });

  it('a note picked by hand stays when the active note changes', () => {
    const { context, chips } = draft();
    context.setActiveNote(alpha);
    context.addNote(alpha);
    context.setActiveNote(beta);
    expect(chips().map((chip) => (chip.kind === 'note' ? [chip.path, chip.open] : null))).toEqual([
      ['Notes/Beta.md', true],
      ['Projects/Alpha.md', false],
    ]);
  });

  it('follows a renamed note or folder and marks a deleted note gone, which is then not sent', () => {
    const { context, chips } = draft();
    context.setActiveNote(alpha);
    context.addNote(beta);
    context.addScope('folder', 'Projects');
    context.renamed('Projects', 'Work');
    expect(context.questionContext()).toEqual({ notes: ['Work/Alpha.md', 'Notes/Beta.md'], scope: { folders: ['Work'] } });
    context.deleted('Notes/Beta.md');
    expect(chips()[1]).toMatchObject({ kind: 'note', path: 'Notes/Beta.md', gone: true });
    expect(context.questionContext()).toEqual({ notes: ['Work/Alpha.md'], scope: { folders: ['Work'] } });
    expect(context.getState().tokens).toBe(100);
  });
});
