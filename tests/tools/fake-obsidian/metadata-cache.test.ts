import type { CachedMetadata } from 'obsidian';
import { createFakeApp, getAllTags, type TFile } from '../../../tools/fake-obsidian';

const NOTE = [
  '---',
  'title: "Refund policy"',
  'tags: [finance, policy]',
  'aliases:',
  '  - refunds',
  'count: 3',
  'draft: false',
  '---',
  '# Refunds',
  'We refund within 30 days. See [[Customers]] and [[Billing/Invoices|invoices]] #money/in',
  '## Exceptions #heading-tag',
  '```',
  '# not a heading [[NotALink]] #nottag',
  '```',
  'A [markdown link](Other%20note.md) and [web](https://example.com) and `[[code]]`.',
  '',
].join('\n');

describe('fake MetadataCache', () => {
  const files = { 'Policies/Refunds.md': NOTE, 'Customers.md': '# Customers', 'Billing/Invoices.md': 'x', 'Other note.md': '' };

  it('parses frontmatter with strings, inline and block lists, numbers and booleans', () => {
    const app = createFakeApp({ files });
    const cache = app.metadataCache.getFileCache(app.vault.getFileByPath('Policies/Refunds.md')!)!;
    expect(cache.frontmatter).toEqual({ title: 'Refund policy', tags: ['finance', 'policy'], aliases: ['refunds'], count: 3, draft: false });
    expect(cache.frontmatterPosition?.start.line).toBe(0);
    expect(cache.frontmatterPosition?.end.line).toBe(7);
  });

  it('lists headings with level and line, skipping fenced code', () => {
    const app = createFakeApp({ files });
    const cache = app.metadataCache.getFileCache(app.vault.getFileByPath('Policies/Refunds.md')!)!;
    expect(cache.headings?.map((heading) => [heading.level, heading.heading, heading.position.start.line])).toEqual([
      [1, 'Refunds', 8],
      [2, 'Exceptions #heading-tag', 10],
    ]);
  });

  it('finds inline tags outside code and getAllTags adds the frontmatter tags', () => {
    const app = createFakeApp({ files });
    const cache = app.metadataCache.getFileCache(app.vault.getFileByPath('Policies/Refunds.md')!)!;
    expect(cache.tags?.map((tag) => tag.tag)).toEqual(['#money/in', '#heading-tag']);
    expect(getAllTags(cache)).toEqual(['#finance', '#policy', '#money/in', '#heading-tag']);
  });

  it('finds wikilinks (with alias and folder) and relative Markdown links, not web links or code', () => {
    const app = createFakeApp({ files });
    const cache = app.metadataCache.getFileCache(app.vault.getFileByPath('Policies/Refunds.md')!)!;
    expect(cache.links?.map((link) => [link.link, link.displayText, link.original])).toEqual([
      ['Customers', 'Customers', '[[Customers]]'],
      ['Billing/Invoices', 'invoices', '[[Billing/Invoices|invoices]]'],
      ['Other note.md', 'markdown link', '[markdown link](Other%20note.md)'],
    ]);
    const line = NOTE.split('\n')[9];
    const first = cache.links![0];
    expect(line.slice(first.position.start.col, first.position.end.col)).toBe('[[Customers]]');
    expect(NOTE.slice(first.position.start.offset, first.position.end.offset)).toBe('[[Customers]]');
  });

  it('resolves links by path or note name and fills resolvedLinks / unresolvedLinks', () => {
    const app = createFakeApp({ files: { ...files, 'Index.md': '[[Refunds]] [[Refunds]] [[Missing]]' } });
    expect(app.metadataCache.getFirstLinkpathDest('Customers', 'Index.md')?.path).toBe('Customers.md');
    expect(app.metadataCache.getFirstLinkpathDest('Invoices#Totals', 'Index.md')?.path).toBe('Billing/Invoices.md');
    expect(app.metadataCache.getFirstLinkpathDest('Billing/Invoices.md', '')?.path).toBe('Billing/Invoices.md');
    expect(app.metadataCache.getFirstLinkpathDest('Nope', 'Index.md')).toBeNull();
    expect(app.metadataCache.resolvedLinks['Index.md']).toEqual({ 'Policies/Refunds.md': 2 });
    expect(app.metadataCache.unresolvedLinks['Index.md']).toEqual({ Missing: 1 });
  });

  it('prefers a same-named note in the source folder', () => {
    const app = createFakeApp({ files: { 'A/Note.md': '', 'B/Note.md': '', 'B/src.md': '' } });
    expect(app.metadataCache.getFirstLinkpathDest('Note', 'B/src.md')?.path).toBe('B/Note.md');
  });

  it('updates in a later task after modify, then fires changed, resolve and resolved with the new data', async () => {
    const app = createFakeApp({ files: { 'n.md': '# Old' } });
    const file = app.vault.getFileByPath('n.md')!;
    const order: string[] = [];
    app.vault.on('modify', () => order.push(`vault modify, cache says ${app.metadataCache.getFileCache(file)?.headings?.[0]?.heading}`));
    app.metadataCache.on('changed', (changed: TFile, data: string, cache: CachedMetadata) => order.push(`changed ${changed.path} ${data} ${cache.headings?.[0]?.heading}`));
    app.metadataCache.on('resolve', (resolved: TFile) => order.push(`resolve ${resolved.path}`));
    app.metadataCache.on('resolved', () => order.push('resolved'));
    await app.vault.modify(file, '# Newer');
    await app.vault.modify(file, '# New');
    expect(app.metadataCache.getFileCache(file)?.headings?.[0]?.heading).toBe('Old');
    await app.metadataCache.settled();
    // Two writes in one task: one parse, of the latest text.
    expect(order).toEqual(['vault modify, cache says Old', 'vault modify, cache says Old', 'changed n.md # New New', 'resolve n.md', 'resolved']);
    expect(app.metadataCache.getFileCache(file)?.headings?.[0]?.heading).toBe('New');
  });

  it('with metadataResolvesLater, is empty at start and fills in before the first resolved', async () => {
    const app = createFakeApp({ metadataResolvesLater: true, files: { 'n.md': '# Start' } });
    const file = app.vault.getFileByPath('n.md')!;
    expect(app.metadataCache.getFileCache(file)).toBeNull();
    const headingAtResolved = new Promise<string | undefined>((resolve) => app.metadataCache.on('resolved', () => resolve(app.metadataCache.getFileCache(file)?.headings?.[0]?.heading)));
    await expect(headingAtResolved).resolves.toBe('Start');
  });

  it('indexes created notes, resolves links to them, and forgets deleted ones', async () => {
    const app = createFakeApp({ files: { 'a.md': '[[b]]' } });
    expect(app.metadataCache.unresolvedLinks['a.md']).toEqual({ b: 1 });
    const created = await app.vault.create('b.md', '#tag');
    expect(app.metadataCache.getFileCache(created)).toBeNull();
    await app.metadataCache.settled();
    expect(app.metadataCache.getFileCache(created)?.tags?.[0]?.tag).toBe('#tag');
    expect(app.metadataCache.resolvedLinks['a.md']).toEqual({ 'b.md': 1 });
    const deleted: string[] = [];
    app.metadataCache.on('deleted', (file: TFile) => deleted.push(file.path));
    await app.vault.delete(created);
    expect(app.metadataCache.getFileCache(created)).toBeNull();
    expect(deleted).toEqual(['b.md']);
    expect(app.metadataCache.unresolvedLinks['a.md']).toEqual({ b: 1 });
  });

  it('moves the cache with a rename', async () => {
    const app = createFakeApp({ files: { 'a.md': '# A' } });
    const file = app.vault.getFileByPath('a.md')!;
    await app.vault.rename(file, 'z.md');
    expect(app.metadataCache.getCache('a.md')).toBeNull();
    expect(app.metadataCache.getFileCache(file)?.headings?.[0]?.heading).toBe('A');
  });
});
