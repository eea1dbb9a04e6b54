import { verifyCitations } from '../../src/citations';
import { indexContextNotes, VaultIndex } from '../../src/search';
import { immediate, MemoryVaultSource } from '../search/support/memory-vault-source';

// Issue 39, DESIGN.md 13.3: each citation is read, unread or missing by what the run read; each
// quote attributed to it is found or not in the note, resolved by the vault's own link rules.
const NOTES = {
  'Handbook/Refund policy.md': '---\naliases: [refunds]\n---\n# Refund policy\n\nCustomers may ask for a refund\nwithin **30 days** of purchase.\n\n## Exceptions\n\nGift cards are never refunded.\n',
  'Handbook/Pricing.md': '# Pricing\n\nThe studio plan costs $40 a month.\n',
  'Projects/Alpha/Kickoff.md': '# Kickoff\n\nWe start on Monday.\n',
};

async function vaultNotes(): Promise<ReturnType<typeof indexContextNotes>> {
  const source = new MemoryVaultSource(NOTES);
  const index = await VaultIndex.build(source, { yieldToHost: immediate });
  return indexContextNotes({ index, source });
}

describe('verifyCitations', () => {
  it('calls a cited note read, unread or missing by what reached the model', async () => {
    const answer = 'Refunds take 30 days [[Refund policy]]. The plan costs $40 [[Pricing]]. See also [[Nowhere]].';
    const verdicts = await verifyCitations({ answer, readPaths: ['Handbook/Refund policy.md'], notes: await vaultNotes() });
    expect(verdicts).toEqual([
      { target: 'Refund policy', status: 'read', quotes: [], path: 'Handbook/Refund policy.md' },
      { target: 'Pricing', status: 'unread', quotes: [], path: 'Handbook/Pricing.md' },
      { target: 'Nowhere', status: 'missing', quotes: [] },
    ]);
  });

  it.each([
    ['a heading and display text', '[[Refund policy#Exceptions|the exceptions]]', 'Refund policy'],
    ['a block reference', '[[Refund policy^abc123]]', 'Refund policy'],
    ['an alias', '[[refunds]]', 'refunds'],
    ['another case', '[[refund POLICY]]', 'refund POLICY'],
    ['a Markdown link', '[the policy](Handbook/Refund%20policy.md)', 'Handbook/Refund policy'],
    ['a folder path', '[[Handbook/Refund policy]]', 'Handbook/Refund policy'],
  ])('resolves a citation with %s to the note', async (_label, link, target) => {
    const verdicts = await verifyCitations({ answer: `Refunds: ${link}.`, readPaths: ['Handbook/Refund policy.md'], notes: await vaultNotes() });
    expect(verdicts).toEqual([{ target, status: 'read', quotes: [], path: 'Handbook/Refund policy.md' }]);
  });

  it('finds a quote across line breaks and markup, case and whitespace aside, with its line', async () => {
    const answer = 'The policy says “Customers may ask for a refund within 30 days of purchase.” [[Refund policy]]';
    const [verdict] = await verifyCitations({ answer, readPaths: ['Handbook/Refund policy.md'], notes: await vaultNotes() });
    expect(verdict.quotes).toEqual([{ text: 'Customers may ask for a refund within 30 days of purchase.', found: true, line: 6 }]);
  });

  it('reports a quote the note does not hold, and attributes each quote to the nearest citation', async () => {
    const answer = '[[Pricing]] says "the studio plan costs $40 a month", while [[Refund policy]] says "refunds are always granted".';
    const verdicts = await verifyCitations({ answer, readPaths: ['Handbook/Pricing.md', 'Handbook/Refund policy.md'], notes: await vaultNotes() });
    expect(verdicts.map((verdict) => [verdict.target, verdict.quotes])).toEqual([
      ['Pricing', [{ text: 'the studio plan costs $40 a month', found: true, line: 3 }]],
      ['Refund policy', [{ text: 'refunds are always granted', found: false }]],
    ]);
  });

  it('takes a > quote block after the paragraph that cites it', async () => {
    const answer = 'From [[Kickoff]]:\n\n> We start on\n> Monday.\n\nAnd from [[Pricing]]:\n\n> The plan is free.';
    const verdicts = await verifyCitations({ answer, readPaths: [], notes: await vaultNotes() });
    expect(verdicts).toEqual([
      { target: 'Kickoff', status: 'unread', quotes: [{ text: 'We start on Monday.', found: true, line: 3 }], path: 'Projects/Alpha/Kickoff.md' },
      { target: 'Pricing', status: 'unread', quotes: [{ text: 'The plan is free.', found: false }], path: 'Handbook/Pricing.md' },
    ]);
  });

  it('counts a quote of a missing note as not found, and leaves code and embeds alone', async () => {
    const answer = 'As [[Nowhere]] puts it, "all refunds are final". Write `[[Pricing]]` for a link. ![[Pricing]]\n\n```\n[[Kickoff]]\n```';
    const verdicts = await verifyCitations({ answer, readPaths: [], notes: await vaultNotes() });
    expect(verdicts).toEqual([{ target: 'Nowhere', status: 'missing', quotes: [{ text: 'all refunds are final', found: false }] }]);
  });

  it('checks nothing and reads nothing for an answer without citations', async () => {
    const source = new MemoryVaultSource(NOTES);
    const index = await VaultIndex.build(source, { yieldToHost: immediate });
    source.reads.length = 0;
    expect(await verifyCitations({ answer: 'They said "a quote of three words" here.', readPaths: [], notes: indexContextNotes({ index, source }) })).toEqual([]);
    expect(source.reads).toEqual([]);
  });
});

describe('verifyCitations on quotes that hold links', () => {
  // The demo model quotes sentences with their links: the link is quoted, not the quote's source.
  it('attributes a quote holding a link to the citation before it, and finds it with the link as words', async () => {
    const source = new MemoryVaultSource({
      'Handbook/Remote work policy.md': '# Remote\n\n- Working abroad needs approval from [[Dana Kowalski]], for tax reasons.\n',
      'People/Dana Kowalski.md': '# Dana\n',
    });
    const index = await VaultIndex.build(source, { yieldToHost: immediate });
    const answer = '- [[Remote work policy]]: "Working abroad needs approval from [[Dana Kowalski]], for tax reasons."\n\n> Working abroad needs approval\n> — [[Remote work policy]]';
    const verdicts = await verifyCitations({ answer, readPaths: ['Handbook/Remote work policy.md'], notes: indexContextNotes({ index, source }) });
    expect(verdicts).toEqual([
      {
        target: 'Remote work policy',
        status: 'read',
        path: 'Handbook/Remote work policy.md',
        quotes: [
          { text: 'Working abroad needs approval from Dana Kowalski, for tax reasons.', found: true, line: 3 },
          { text: 'Working abroad needs approval', found: true, line: 3 },
        ],
      },
      { target: 'Dana Kowalski', status: 'unread', path: 'People/Dana Kowalski.md', quotes: [] },
    ]);
  });
});
