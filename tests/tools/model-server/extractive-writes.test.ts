import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { askDemoVault } from './support/ask-demo-vault';
import { useDemoVaultServer } from './support/demo-vault-server';

// The extractive model writes when asked to create, append to or edit a note: it calls the
// plugin's write tools, so the approval card shows the diff, and then says how it went.
const world = useDemoVaultServer();
const onDisk = (path: string) => readFile(join(world.vaultDir, ...path.split('/')), 'utf8');
const SYNC = 'Meetings/2026-10-08 Weekly sync.md';

describe('the extractive policy writing notes', () => {
  it('edits the sentence that holds the words to change, with a diff of just them, once approved', async () => {
    const before = await onDisk(SYNC);
    const { result, tools, asked } = await askDemoVault(world, 'In [[2026-10-08 Weekly sync]], change €120 to €140 and twelve to fourteen.', { decisions: ['allow_once'] });
    expect(tools).toEqual(['editNote']);
    expect(asked).toHaveLength(1);
    expect(asked[0].title).toBe(`Edit ${SYNC}?`);
    expect(asked[0].change).toMatchObject({ added: 1, removed: 1 });
    expect(asked[0].args).toEqual({ path: SYNC, find: 'The Friday lunch budget goes up to €120 (twelve people now).', replace: 'The Friday lunch budget goes up to €140 (fourteen people now).' });
    expect(await onDisk(SYNC)).toBe(before.replace('€120 (twelve people now)', '€140 (fourteen people now)'));
    expect(result.answer).toBe('Done: I edited [[2026-10-08 Weekly sync]] (+1 −1 lines).');
  });

  it('says the change was declined, and the note stays as it was', async () => {
    const before = await onDisk('Home.md');
    const { result, tools } = await askDemoVault(world, 'Append "- Book the boat for the offsite" to [[Home]]', { decisions: ['deny'] });
    expect(tools).toEqual(['appendToNote']);
    expect(await onDisk('Home.md')).toBe(before);
    expect(result.answer).toBe('I left [[Home]] as it was: you declined the change.');
  });

  it('creates a note from what the notes say about a topic: searches, reads, then writes the quotes', async () => {
    const { result, tools, asked } = await askDemoVault(world, 'Create a note called Sick days in Inbox/ about sick leave', { decisions: ['allow_once'] });
    expect(tools[0]).toBe('localSearch');
    expect(tools).toContain('readNote');
    expect(tools.at(-1)).toBe('createNote');
    expect(asked[0].title).toBe('Create Inbox/Sick days.md?');
    const note = await onDisk('Inbox/Sick days.md');
    expect(note).toMatch(/^# Sick days\n\n- \[\[Vacation and leave\]\]: "Sick leave: tell your lead the same morning;/);
    expect(result.answer).toMatch(/^Done: I created \[\[Sick days\]\] \(\+\d+ −0 lines\)\.$/);
  });

  it('appends to the open note, and reports a refusal in one sentence', async () => {
    const { result, asked } = await askDemoVault(world, 'Create a note called Home: nothing', { decisions: ['allow_once'] });
    // Home.md exists: createNote refuses before any card, and the model says why.
    expect(asked).toHaveLength(0);
    expect(result.answer).toMatch(/^I could not change \[\[Home\]\]: .*already exists/);

    const appended = await askDemoVault(world, 'Add "Ask Dana about the offsite." to this note', { context: { notes: ['People/Eli Novak.md'] }, decisions: ['allow_once'] });
    expect(appended.asked[0].title).toBe('Append to People/Eli Novak.md?');
    expect(await onDisk('People/Eli Novak.md')).toMatch(/\nAsk Dana about the offsite\.\n$/);
  });
});
