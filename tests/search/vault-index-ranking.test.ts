import { VaultIndex } from '../../src/search';
import { MemoryVaultSource, fixtureVault, immediate } from './support/memory-vault-source';

const paths = async (index: VaultIndex, query: string, limit = 10): Promise<string[]> => (await index.search(query, { limit })).map((result) => result.path);

describe('VaultIndex ranking on the fixture vault', () => {
  let index: VaultIndex;
  beforeAll(async () => {
    index = await VaultIndex.build(fixtureVault(), { yieldToHost: immediate });
  });

  it('ranks the note titled with the word above notes that only mention it', async () => {
    const found = await paths(index, 'gardening');
    expect(found[0]).toBe('Gardening.md');
    expect(found).toContain('Weekend plans.md');
  });

  it('finds a note by an alias from its frontmatter', async () => {
    expect((await paths(index, 'allotment'))[0]).toBe('Gardening.md');
  });

  it('ranks a heading match above a passing mention, and names the heading', async () => {
    const results = await index.search('irrigation');
    expect(results[0]).toMatchObject({ path: 'Gardening.md', title: 'Gardening', heading: 'Irrigation' });
    expect(results[0].passage).toContain('Drip lines');
    expect(results.map((result) => result.path)).toContain('Weekend plans.md');
  });

  it('ranks a tagged note above one that mentions the word', async () => {
    expect(await paths(index, 'beekeeping')).toEqual(['Beekeeping log.md', 'Honey notes.md']);
  });

  it('boosts notes whose folder matches', async () => {
    const found = await paths(index, 'recipes');
    expect(found.slice(0, 2).sort()).toEqual(['Recipes/Pancakes.md', 'Recipes/Tomato soup.md']);
  });

  it('matches a quoted phrase only where the words stand together', async () => {
    expect((await paths(index, 'quantum tunnelling')).sort()).toEqual(['Physics/Barriers.md', 'Physics/Tunnelling.md']);
    expect(await paths(index, '"quantum tunnelling"')).toEqual(['Physics/Tunnelling.md']);
  });

  it('matches word beginnings (prefix) and an explicit word*', async () => {
    expect(await paths(index, 'photosynth')).toEqual(['Biology/Photosynthesis.md']);
    expect(await paths(index, 'chloro*')).toEqual(['Biology/Photosynthesis.md']);
  });

  it('scores repeated terms higher, and long passages lower (BM25)', async () => {
    const found = await paths(index, 'lighthouse');
    expect(found.indexOf('Lighthouses/Many lights.md')).toBe(0);
    expect(found.indexOf('Lighthouses/One light.md')).toBeLessThan(found.indexOf('Lighthouses/Long essay.md'));
  });

  it('prefers notes that match every word of the query', async () => {
    expect((await paths(index, 'budget travel dana'))[0]).toMatch(/^Journal\//);
    expect((await paths(index, 'compost heap'))[0]).toBe('Composting.md');
  });

  it('cuts the passage around the match in a long note and names its section', async () => {
    const [result] = await index.search('astrolabe');
    expect(result).toMatchObject({ path: 'Long note.md', heading: 'Appendix' });
    expect(result.passage).toContain('brass astrolabe');
    const [deep] = await index.search('archivist boxes number 97');
    expect(deep.path).toBe('Long note.md');
    expect(deep.passage).toContain('number 97');
    expect(deep.passage.length).toBeLessThanOrEqual(330);
  });

  it('ignores headings and tags inside code fences', async () => {
    expect(index.note('Code sample.md')!.headings).toEqual(['Code sample']);
    expect(index.note('Code sample.md')!.tags).toEqual([]);
  });

  it('returns nothing for words no note has, and respects the limit', async () => {
    expect(await index.search('xylophone')).toEqual([]);
    expect(await index.search('the', { limit: 3 })).toHaveLength(3);
  });

  it('weighs salient terms more than the rest of the query', async () => {
    const plain = await paths(index, 'honey compost');
    const salient = await index.search('honey compost', { salientTerms: ['honey'] });
    expect(salient[0].path).toBe('Honey notes.md');
    expect(plain).toContain('Honey notes.md');
  });

  it('filters by modification time, and lists recent notes for a time range alone', async () => {
    const may = { start: Date.UTC(2024, 4, 1), end: Date.UTC(2024, 4, 31, 23, 59) };
    expect((await paths(index, 'budget')).length).toBe(2);
    const inRange = await index.search('budget', { timeRange: { start: Date.UTC(2024, 4, 8), end: Date.UTC(2024, 4, 12) } });
    expect(inRange.map((result) => result.path)).toEqual(['Journal/2024-05-10.md']);
    const recent = await index.search('', { timeRange: may });
    expect(recent.map((result) => result.path)).toEqual(['Journal/2024-05-10.md', 'Journal/2024-05-03.md']);
  });

  it('never indexes dot-folders, node_modules or non-Markdown files', async () => {
    expect(await index.search('zanzibar')).toEqual([]);
  });
});

describe('VaultIndex with an empty vault', () => {
  it('builds and finds nothing', async () => {
    const index = await VaultIndex.build(new MemoryVaultSource(), { yieldToHost: immediate });
    expect(index.size).toBe(0);
    expect(await index.search('anything')).toEqual([]);
  });
});

// Regression (CLI review): a note whose best passage is its H1 with nothing under it gave an
// empty passage, so `glassbox search` and localSearch showed the note with no text at all.
describe('VaultIndex passages', () => {
  it('shows the next section when the matching heading has no text of its own', async () => {
    const source = new MemoryVaultSource({
      'Refunds policy.md': '# Refunds policy\n\n## Rider refunds\nRiders get an automatic refund when a bike fails to unlock.\n',
    });
    const index = await VaultIndex.build(source, { yieldToHost: immediate });
    const [result] = await index.search('refunds policy');
    expect(result.path).toBe('Refunds policy.md');
    expect(result.passage).toContain('automatic refund');
  });
});


describe('VaultIndex ranking by a note’s name and by neighbouring words', () => {
  let index: VaultIndex;
  beforeAll(async () => {
    index = await VaultIndex.build(
      new MemoryVaultSource({
        'Credits.md': '# Credits\n\nThanks to the translators, the testers and everyone who wrote plugins. The icons come from Lucide. Credit where it is due.\n',
        'Obsidian Credit.md': '# Obsidian Credit\n\nCredit is prepaid: buy credit once, spend the credit on Sync, and the credit never expires.\n',
        'Notes/Daily.md': '---\naliases: [Journal]\n---\n# Daily\n\nOne note a day.\n',
        'Notes/Journal ideas.md': '# Journal ideas\n\nA journal, a journal prompt, journal every evening.\n',
        '插件/确认.md': '# 确认\n\n这个选项设置为需要按键确认。\n',
        '插件/同步.md': '# 同步\n\n设置同步需要时间。设置很多，需要很多。设置好以后需要重启。\n',
      }),
      { yieldToHost: immediate },
    );
  });

  it('puts the note the whole query names (title or alias) first', async () => {
    expect((await paths(index, 'Credits'))[0]).toBe('Credits.md');
    expect((await paths(index, 'journal'))[0]).toBe('Notes/Daily.md');
  });

  it('ranks an unspaced-script note where the query’s words stand together above one that has them apart', async () => {
    expect((await paths(index, '设置为需要按'))[0]).toBe('插件/确认.md');
  });
});
