import type { AgentToolContext } from '../../../src/agent/agent-tool';
import { VaultIndex } from '../../../src/search';
import { createTagNotesTool, type TagNotesData } from '../../../src/search/tools/tag-notes-tool';
import { FIXTURE_NOW, fixtureVault, immediate } from '../support/memory-vault-source';

const context = (signal = new AbortController().signal): AgentToolContext => ({ signal, now: () => FIXTURE_NOW });

describe('getTagNotes tool', () => {
  let index: VaultIndex;
  beforeAll(async () => {
    index = await VaultIndex.build(fixtureVault(), { yieldToHost: immediate });
  });

  it('finds notes by inline and frontmatter tags, nested tags included, newest first', async () => {
    const tool = createTagNotesTool(index);
    const result = await tool.execute({ tag: '#project/alpha' }, context());
    const data = result.data as TagNotesData;
    expect([...data.titles].sort()).toEqual(['Beekeeping log', 'Pancakes']);
    expect(result.output).toMatch(/^2 notes tagged #project\/alpha:\n1\. \[\[/);
    expect(result.output).toContain('[[Pancakes]] (Recipes/Pancakes.md) #cooking #project/alpha/breakfast');
    expect(tool.describeStart({ tag: 'project/alpha' })).toBe('Looking up #project/alpha');
    expect(tool.describeEnd!({ tag: 'project/alpha' }, result)).toMatch(/^Found 2 notes: /);
  });

  it('matches a parent tag to its nested tags, case-insensitively', async () => {
    const tool = createTagNotesTool(index);
    const hobby = (await tool.execute({ tag: 'HOBBY' }, context())).data as TagNotesData;
    expect([...hobby.titles].sort()).toEqual(['Composting', 'Gardening']);
    const garden = (await tool.execute({ tag: 'garden' }, context())).data as TagNotesData;
    expect([...garden.titles].sort()).toEqual(['Composting', 'Gardening']);
  });

  it('lists the tags in use for an empty tag, and suggests similar tags on a miss', async () => {
    const tool = createTagNotesTool(index);
    const all = await tool.execute({ tag: '' }, context());
    expect(all.output).toContain('#cooking (2)');
    const miss = await tool.execute({ tag: 'cook' }, context());
    expect(miss.output).toBe('No notes tagged #cook. Similar tags: #cooking.');
    expect(tool.describeEnd!({ tag: 'cook' }, miss)).toBe('No notes tagged #cook');
  });

  it('rejects with an AbortError when the run is stopped', async () => {
    await expect(createTagNotesTool(index).execute({ tag: 'cooking' }, context(AbortSignal.abort()))).rejects.toMatchObject({ name: 'AbortError' });
  });
});
