import { expandPrompt, MAX_NOTES_PER_VARIABLE, type PromptVariableSources } from '../../src/prompts';

const NOTES: Record<string, readonly string[]> = {
  'tag:meeting': ['Meetings/2026-11-02.md', 'Meetings/2026-10-26.md'],
  'folder:Projects': ['Projects/Alpha.md', 'Projects/Beta.md', 'Projects/Old/Gamma.md'],
};

function sources(overrides: Partial<PromptVariableSources> = {}): PromptVariableSources {
  return {
    resolveLink: (link) => ({ Alpha: 'Projects/Alpha.md', 'Style guide': 'Handbook/Style guide.md' })[link],
    notesWithTag: (tag) => NOTES[`tag:${tag}`] ?? [],
    notesInFolder: (folder) => NOTES[`folder:${folder}`] ?? [],
    now: new Date(2026, 10, 26, 9, 30),
    ...overrides,
  };
}

describe('expandPrompt', () => {
  it('puts the selection where {} and {selection} stand', async () => {
    const result = await expandPrompt('Translate into French:\n\n{}\n\n(again: {selection})', sources({ selection: 'Good morning' }));
    expect(result.question).toBe('Translate into French:\n\nGood morning\n\n(again: Good morning)');
    expect(result.variables).toEqual([
      { variable: '{}', filled: '12 characters' },
      { variable: '{selection}', filled: '12 characters' },
    ]);
  });

  it('adds the selection (the CLI question) after a prompt that has no {}', async () => {
    const result = await expandPrompt('Summarize in three bullets.', sources({ selection: 'What did we decide?' }));
    expect(result.question).toBe('Summarize in three bullets.\n\nWhat did we decide?');
  });

  it('links the active note and a named note in the text and attaches both, each once', async () => {
    const result = await expandPrompt('Compare {activeNote} with {[[Alpha]]} and {[[Style guide]]}; {[[Alpha]]} first.', sources({ activeNote: 'Inbox/Ideas.md' }));
    expect(result.question).toBe('Compare [[Ideas]] with [[Alpha]] and [[Style guide]]; [[Alpha]] first.');
    expect(result.notes).toEqual(['Inbox/Ideas.md', 'Projects/Alpha.md', 'Handbook/Style guide.md']);
  });

  it('names the notes of a tag and of a folder and attaches them', async () => {
    const result = await expandPrompt('Action items from {#meeting} for {Projects/}', sources());
    expect(result.question).toBe('Action items from the notes tagged #meeting ([[2026-11-02]], [[2026-10-26]]) for the notes in Projects/ ([[Alpha]], [[Beta]], [[Gamma]])');
    expect(result.notes).toHaveLength(5);
    expect(result.variables).toEqual([
      { variable: '{#meeting}', filled: '2 notes' },
      { variable: '{Projects/}', filled: '3 notes' },
    ]);
  });

  it('fills {date} with the local date', async () => {
    expect((await expandPrompt('Plan for {date}', sources())).question).toBe('Plan for 2026-11-26');
  });

  it('says what is missing instead of leaving a gap', async () => {
    const result = await expandPrompt('Review {activeNote}, {#nosuchtag} and {[[Nowhere]]}: {}', sources());
    expect(result.question).toBe('Review (no note open), the notes tagged #nosuchtag (there are none) and [[Nowhere]]: (nothing selected)');
    expect(result.notes).toEqual([]);
    expect(result.variables.map((variable) => variable.filled)).toEqual(['no note open', '0 notes', 'no such note', 'empty']);
  });

  it('leaves other braces as written (JSON, placeholders)', async () => {
    const template = 'Answer as {"title": "…", "tags": []} for {name}.';
    expect((await expandPrompt(template, sources())).question).toBe(template);
  });

  it(`attaches at most ${MAX_NOTES_PER_VARIABLE} notes for one variable and says how many there were`, async () => {
    const many = Array.from({ length: 30 }, (_, index) => `Daily/${index}.md`);
    const result = await expandPrompt('{Daily/}', sources({ notesInFolder: () => many }));
    expect(result.notes).toHaveLength(MAX_NOTES_PER_VARIABLE);
    expect(result.variables[0].filled).toBe(`${MAX_NOTES_PER_VARIABLE} of 30 notes`);
  });
});
