import type { AgentToolContext } from '../../../src/agent/agent-tool';
import { VaultIndex } from '../../../src/search';
import { READ_NOTE_CHUNK_CHARS, chunkText, createReadNoteTool, type ReadNoteData } from '../../../src/search/tools/read-note-tool';
import { FIXTURE_NOW, fixtureVault, immediate } from '../support/memory-vault-source';

const context = (signal = new AbortController().signal): AgentToolContext => ({ signal, now: () => FIXTURE_NOW });

describe('readNote tool', () => {
  const source = fixtureVault();
  let index: VaultIndex;
  beforeAll(async () => {
    index = await VaultIndex.build(source, { yieldToHost: immediate });
  });

  it('reads a note by path', async () => {
    const tool = createReadNoteTool({ index, source });
    const result = await tool.execute({ path: 'Recipes/Pancakes.md' }, context());
    expect(result.output).toBe(`[[Pancakes]] (Recipes/Pancakes.md):\n\n${await source.read('Recipes/Pancakes.md')}`);
    expect(tool.describeEnd!({ path: 'Recipes/Pancakes.md' }, result)).toBe('Read Pancakes');
  });

  it('resolves link text like Obsidian: by name, case-insensitively, with a heading or alias', async () => {
    const tool = createReadNoteTool({ index, source });
    for (const linktext of ['pancakes', 'Recipes/Pancakes', 'Pancakes#Ingredients', 'Pancakes|breakfast', 'Pancakes.md']) {
      const result = await tool.execute({ path: linktext }, context());
      expect((result.data as ReadNoteData).path).toBe('Recipes/Pancakes.md');
    }
  });

  it('reads a note by one of its aliases when no note has that name', async () => {
    const tool = createReadNoteTool({ index, source });
    const result = await tool.execute({ path: 'allotment' }, context());
    expect((result.data as ReadNoteData).path).toBe('Gardening.md');
    expect(result.output).toContain('[[Gardening]] (Gardening.md)');
  });

  it('pages a long note in chunks and says how to get the next one', async () => {
    const tool = createReadNoteTool({ index, source });
    const text = await source.read('Long note.md');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(text);
    expect(chunks.every((chunk) => chunk.length <= READ_NOTE_CHUNK_CHARS)).toBe(true);
    const first = await tool.execute({ path: 'Long note' }, context());
    expect(first.output).toContain(`chunk 1 of ${chunks.length}`);
    expect(first.output).toContain('Read on with readNote {"path": "Long note.md", "chunk": 1}');
    const last = await tool.execute({ path: 'Long note.md', chunk: chunks.length - 1 }, context());
    expect(last.output).toContain('brass astrolabe');
    expect(last.output).toContain(`[End of note: chunk ${chunks.length} of ${chunks.length}.]`);
    expect(tool.describeEnd!({ path: 'Long note.md', chunk: 1 }, last)).toBe(`Read Long note (part ${chunks.length} of ${chunks.length})`);
  });

  it('suggests close matches when no note has that name', async () => {
    const tool = createReadNoteTool({ index, source });
    const result = await tool.execute({ path: 'Pancake recipe' }, context());
    expect(result.output).toMatch(/^No note found for "Pancake recipe"\. Closest matches: \[\[Pancakes\]\] \(Recipes\/Pancakes\.md\)/);
    expect(tool.describeEnd!({ path: 'Pancake recipe' }, result)).toBe('No note named "Pancake recipe"');
  });

  it('rejects with an AbortError when the run is stopped', async () => {
    const tool = createReadNoteTool({ index, source });
    await expect(tool.execute({ path: 'Gardening.md' }, context(AbortSignal.abort()))).rejects.toMatchObject({ name: 'AbortError' });
  });
});
