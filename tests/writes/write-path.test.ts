import { checkWritePath } from '../../src/writes/write-path';

const check = (path: string) => checkWritePath(path, { conversationsFolder: 'Glassbox/Conversations' });

describe('checkWritePath compares folder names as Windows and macOS do (issue 25)', () => {
  it.each([
    ['trailing dots and spaces', 'Glassbox/Conversations./x.md'],
    ['a trailing space', 'Glassbox /Conversations/x.md'],
    ['another case', 'GLASSBOX/conversations/x.md'],
    ['the long s', 'Glaſſbox/Conversations/x.md'],
  ])('refuses the conversations folder spelt with %s', (_name, path) => {
    expect(check(path)).toMatchObject({ ok: false, reason: expect.stringContaining('conversations folder') as unknown });
  });

  it('refuses an NFD spelling of a conversations folder named in NFC', () => {
    const result = checkWritePath('Caf\u0065\u0301/x.md', { conversationsFolder: 'Caf\u00e9' });
    expect(result.ok).toBe(false);
  });

  it.each(['.trash./x.md', '.git /x.md'])('refuses a hidden folder with what Windows drops: %s', (path) => {
    expect(check(path)).toMatchObject({ ok: false, reason: expect.stringContaining('hidden') as unknown });
  });

  it.each(['CON.md', 'aux.md', 'Notes/nul/x.md', 'Notes/COM1.md', 'Notes/con .md', 'lpt¹.md'])('refuses a name Windows reserves for a device: %s', (path) => {
    expect(check(path)).toMatchObject({ ok: false, reason: expect.stringContaining('reserves for a device') as unknown });
  });

  it('still writes ordinary notes, including names that only start like a device', () => {
    expect(check('Notes/Console.md')).toEqual({ ok: true, path: 'Notes/Console.md' });
    expect(check('Glassbox/Notes/x.md')).toEqual({ ok: true, path: 'Glassbox/Notes/x.md' });
  });
});
