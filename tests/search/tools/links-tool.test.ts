import type { AgentToolContext } from '../../../src/agent/agent-tool';
import { VaultIndex } from '../../../src/search';
import { createLinksTool, type LinksData } from '../../../src/search/tools/links-tool';
import { MemoryVaultSource, FIXTURE_NOW, fixtureVault, immediate } from '../support/memory-vault-source';

const context = (signal = new AbortController().signal): AgentToolContext => ({ signal, now: () => FIXTURE_NOW });

describe('getLinks tool', () => {
  let index: VaultIndex;
  beforeAll(async () => {
    index = await VaultIndex.build(fixtureVault(), { yieldToHost: immediate });
  });

  it('lists outgoing links (resolved) and backlinks', async () => {
    const tool = createLinksTool(index);
    const result = await tool.execute({ path: 'Gardening' }, context());
    const data = result.data as LinksData;
    expect(data.path).toBe('Gardening.md');
    expect(data.outgoing).toEqual(['Composting.md', 'Recipes/Tomato soup.md']);
    expect([...data.backlinks].sort()).toEqual(['Composting.md', 'Recipes/Tomato soup.md']);
    expect(result.output).toContain('Links to (2):\n- [[Composting]] (Composting.md)\n- [[Tomato soup]] (Recipes/Tomato soup.md)');
    expect(result.output).toContain('Linked from (2):');
    expect(tool.describeEnd!({ path: 'Gardening' }, result)).toBe('2 links out, 2 backlinks');
  });

  it('follows links by full path and reports links to missing notes', async () => {
    const source = new MemoryVaultSource({
      'a/Note.md': 'See [[b/Note]] and [[Nowhere]] and [md](../b/Note.md).',
      'b/Note.md': 'Back to [[a/Note|the other]].',
    });
    const small = await VaultIndex.build(source, { yieldToHost: immediate });
    const data = (await createLinksTool(small).execute({ path: 'a/Note.md' }, context())).data as LinksData;
    expect(data.outgoing).toEqual(['b/Note.md']);
    expect(data.unresolved).toEqual(['Nowhere']);
    expect(data.backlinks).toEqual(['b/Note.md']);
    // An ambiguous name resolves to the note in the linking note's own folder.
    expect(small.resolveLink('Note', 'b/Other.md')).toBe('b/Note.md');
    expect(small.resolveLink('Note', 'a/Other.md')).toBe('a/Note.md');
  });

  it('says so when the note does not exist', async () => {
    const result = await createLinksTool(index).execute({ path: 'Nope' }, context());
    expect(result.output).toBe('No note found for "Nope".');
  });

  it('rejects with an AbortError when the run is stopped', async () => {
    await expect(createLinksTool(index).execute({ path: 'Gardening' }, context(AbortSignal.abort()))).rejects.toMatchObject({ name: 'AbortError' });
  });
});
