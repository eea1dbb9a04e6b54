import type { AgentToolContext } from '../../../src/agent/agent-tool';
import { VaultIndex, createVaultTools, parseNoteLine } from '../../../src/search';
import { createLocalSearchTool, type LocalSearchData } from '../../../src/search/tools/local-search-tool';
import { FIXTURE_NOW, fixtureVault, immediate } from '../support/memory-vault-source';

const context = (signal = new AbortController().signal): AgentToolContext => ({ signal, now: () => FIXTURE_NOW });

describe('localSearch tool', () => {
  let index: VaultIndex;
  beforeAll(async () => {
    index = await VaultIndex.build(fixtureVault(), { yieldToHost: immediate });
  });

  it('lists results as stable numbered lines with title, path, heading and passage', async () => {
    const tool = createLocalSearchTool(index);
    const result = await tool.execute({ query: 'irrigation' }, context());
    const lines = result.output.split('\n');
    expect(lines[0]).toBe('Found 2 notes for "irrigation":');
    expect(parseNoteLine(lines[1])).toEqual({ rank: 1, title: 'Gardening', path: 'Gardening.md', heading: 'Irrigation' });
    expect(lines[2]).toMatch(/^ {3}.*Drip lines on a timer/);
    expect(parseNoteLine(lines[3])).toMatchObject({ rank: 2, path: 'Weekend plans.md' });
    expect((result.data as LocalSearchData).results.map((entry) => entry.title)).toEqual(['Gardening', 'Weekend plans']);
    expect(tool.describeStart({ query: 'irrigation' })).toBe('Searching notes for "irrigation"');
    expect(tool.describeEnd!({ query: 'irrigation' }, result)).toBe('Found 2 notes: Gardening, Weekend plans');
  });

  it('summarises many results as "A, B, C +N more"', async () => {
    const tool = createLocalSearchTool(index);
    const result = await tool.execute({ query: 'the', limit: 5 }, context());
    expect(tool.describeEnd!({ query: 'the' }, result)).toMatch(/^Found 5 notes: [^,]+, [^,]+, [^,]+ \+2 more$/);
  });

  it('says plainly when nothing matched', async () => {
    const tool = createLocalSearchTool(index);
    const result = await tool.execute({ query: 'xylophone' }, context());
    expect(result.output).toBe('No notes found for "xylophone".');
    expect(tool.describeEnd!({ query: 'xylophone' }, result)).toBe('No notes found for "xylophone"');
  });

  it('passes salient terms and a time range through', async () => {
    const tool = createLocalSearchTool(index);
    const timeRange = { start: Date.UTC(2024, 4, 8), end: Date.UTC(2024, 4, 12) };
    const result = await tool.execute({ query: 'budget', timeRange }, context());
    expect((result.data as LocalSearchData).results.map((entry) => entry.path)).toEqual(['Journal/2024-05-10.md']);
  });

  it('takes folder and tag arguments that keep only notes in that folder or with that tag', async () => {
    const tool = createLocalSearchTool(index);
    const all = (await tool.execute({ query: 'the', limit: 30 }, context())).data as LocalSearchData;
    const inJournal = (await tool.execute({ query: 'the', folder: 'Journal', limit: 30 }, context())).data as LocalSearchData;
    expect(inJournal.results.length).toBeGreaterThan(0);
    expect(inJournal.results.length).toBeLessThan(all.results.length);
    expect(inJournal.results.every((entry) => entry.path.startsWith('Journal/'))).toBe(true);
    const tagged = (await tool.execute({ query: 'the', tag: '#hobby' }, context())).data as LocalSearchData;
    expect(tagged.results.map((entry) => entry.path).sort()).toEqual(['Composting.md', 'Gardening.md']);
    expect(tool.describeStart({ query: 'bees', folder: 'Journal', tag: 'hobby' })).toBe('Searching notes for "bees" in Journal tagged #hobby');
  });

  it('validates its arguments with the schema', () => {
    const tool = createLocalSearchTool(index);
    expect(tool.schema.safeParse({ query: 'x', limit: 0 }).success).toBe(false);
    expect(tool.schema.safeParse({ query: 'x', limit: 5, salientTerms: ['a'], timeRange: { start: 1, end: 2 } }).success).toBe(true);
  });

  it('rejects with an AbortError when the run is stopped', async () => {
    const tool = createLocalSearchTool(index);
    await expect(tool.execute({ query: 'gardening' }, context(AbortSignal.abort()))).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('says the index is still being built rather than "no notes" before the first build ends', async () => {
    const building = new VaultIndex(fixtureVault());
    const result = await createLocalSearchTool(building).execute({ query: 'gardening' }, context());
    expect(result.output).toBe('The search index is still being built. Search again in a moment, or read a note you know by name with readNote.');
  });

  it('is one of the five vault tools', () => {
    const tools = createVaultTools({ index, source: fixtureVault() });
    expect(tools.map((tool) => tool.name)).toEqual(['localSearch', 'readNote', 'getTimeRange', 'getTagNotes', 'getLinks']);
  });
});
