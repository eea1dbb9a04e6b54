import { IndexCore } from '../../src/search/index-core';
import type { ParsedQuery } from '../../src/search/parse-query';
import { rankNotes } from '../../src/search/rank-notes';
import { TimeSlicer } from '../../src/search/scheduler';
import { immediate } from './support/memory-vault-source';

// The candidate rule of rankNotes: words in more than 5 % of passages (and more than 200) only
// add to candidates found by rarer words. Whether a word is common is decided by its own form.
describe('rankNotes candidates', () => {
  it('does not let a rare other-language stem of a common word narrow the candidates to that stem', async () => {
    const core = new IndexCore();
    const add = (path: string, text: string): void => core.addNote({ path, mtime: 1, size: text.length }, text, true);
    for (let index = 0; index < 300; index += 1) add(`Common ${index}.md`, `# Common ${index}\n\nzorb quix filler${index}\n`);
    add('Foreign zorbx.md', '# Foreign\n\nzorbx only\n');
    add('Foreign quixt.md', '# Other\n\nquixt only\n');
    await core.compact(new TimeSlicer(immediate, 1000));
    // Two common words, each with a rare form from another language's stemmer (weight 0.5).
    const query: ParsedQuery = {
      terms: [
        { term: 'zorb', forms: [{ term: 'zorb', weight: 1 }, { term: 'zorbx', weight: 0.5 }], weight: 1, prefix: false },
        { term: 'quix', forms: [{ term: 'quix', weight: 1 }, { term: 'quixt', weight: 0.5 }], weight: 1, prefix: false },
      ],
      phrases: [],
    };
    const ranked = rankNotes(core, query, { limit: 5 }).map((hit) => hit.note.path);
    // The notes with both words are candidates (BM25 still prefers the rare form's note: in this
    // vault the two words are nearly stopwords).
    expect(ranked.filter((path) => path.startsWith('Common ')).length).toBeGreaterThanOrEqual(3);
  });
});
