import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { glassboxEngine, HINDI_VAULT, languageQuestions, miniSearchEngine, naturalQuestions, readFolder, scoreEngine, type FolderNote, type LanguageQuestion } from '../../bench/search-language-set';

// Issue 38: Hindi and Turkish retrieval stays above MiniSearch with default options (recall@5
// at least as high, MRR higher) on the questions of bench/search-language-set.ts, with Bengali as
// the corpus's Indic script. Runs with `npm run test:corpus`; the numbers are in BENCHMARKS.md
// (`node --import tsx bench/search-language-recall.ts`).
// GLASSBOX_SHARED names ../shared when the checkout is not beside it (a git worktree).
const CORPUS = join(process.env.GLASSBOX_SHARED ?? join(__dirname, '..', '..', '..', 'shared'), 'corpora', 'obsidian-help');

const SETS: readonly [name: string, folder: string, questions: (notes: FolderNote[]) => LanguageQuestion[]][] = [
  ['Turkish, natural questions', join(CORPUS, 'tr'), () => naturalQuestions('tr')],
  ['Turkish, questions from the notes', join(CORPUS, 'tr'), languageQuestions],
  ['Hindi, natural questions', HINDI_VAULT, () => naturalQuestions('hi')],
  ['Bengali, questions from the notes', join(CORPUS, 'bn'), languageQuestions],
];

const describeIfCorpus = existsSync(CORPUS) ? describe : describe.skip;

describeIfCorpus('search in Turkish and Hindi against MiniSearch with default options', () => {
  it.each(SETS)('%s: recall@5 at least and MRR above MiniSearch', async (_name, folder, questionsOf) => {
    const notes = readFolder(folder);
    const questions = questionsOf(notes);
    expect(questions.length).toBeGreaterThanOrEqual(15);
    const ours = await scoreEngine(await glassboxEngine(notes), questions);
    const theirs = await scoreEngine(miniSearchEngine(notes), questions);
    expect(ours.recallAt5).toBeGreaterThanOrEqual(theirs.recallAt5);
    expect(ours.mrr).toBeGreaterThan(theirs.mrr);
  });
});
