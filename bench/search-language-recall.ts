// Recall@5 and MRR (top 10) of Glassbox's index and of MiniSearch with default options over the
// questions of bench/search-language-set.ts (issue 38): per language folder of
// ../shared/corpora/obsidian-help, the questions made from its notes and, for Turkish, the
// hand-written natural ones; Hindi's natural questions over tests/fixtures/hindi-vault (the corpus
// has no Hindi); Bengali as the corpus's Indic script. `--misses` lists what each engine missed.
//   node --import tsx bench/search-language-recall.ts
import { join } from 'node:path';
import { glassboxEngine, HINDI_VAULT, languageQuestions, miniSearchEngine, naturalQuestions, readFolder, scoreEngine, type LanguageQuestion } from './search-language-set';

// GLASSBOX_SHARED points elsewhere when the checkout is not beside ../shared (a git worktree).
const CORPUS = join(process.env.GLASSBOX_SHARED ?? join(__dirname, '..', '..', 'shared'), 'corpora', 'obsidian-help');

const SETS: readonly { name: string; folder: string; questions: (notes: ReturnType<typeof readFolder>) => LanguageQuestion[] }[] = [
  { name: 'tr, natural questions', folder: join(CORPUS, 'tr'), questions: () => naturalQuestions('tr') },
  { name: 'tr, from the notes', folder: join(CORPUS, 'tr'), questions: languageQuestions },
  { name: 'hi, natural questions (tests/fixtures/hindi-vault)', folder: HINDI_VAULT, questions: () => naturalQuestions('hi') },
  { name: 'bn, from the notes', folder: join(CORPUS, 'bn'), questions: languageQuestions },
];

async function main(): Promise<void> {
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  process.stdout.write('| set | notes | questions | Glassbox recall@5 | Glassbox MRR | MiniSearch recall@5 | MiniSearch MRR |\n| --- | --- | --- | --- | --- | --- | --- |\n');
  for (const set of SETS) {
    const notes = readFolder(set.folder);
    const questions = set.questions(notes);
    const ours = await scoreEngine(await glassboxEngine(notes), questions);
    const theirs = await scoreEngine(miniSearchEngine(notes), questions);
    process.stdout.write(`| ${set.name} | ${notes.length} | ${questions.length} | ${pct(ours.recallAt5)} | ${ours.mrr.toFixed(3)} | ${pct(theirs.recallAt5)} | ${theirs.mrr.toFixed(3)} |\n`);
    if (process.argv.includes('--misses')) process.stdout.write(`Glassbox misses:\n${ours.misses.map((miss) => `  ${miss}`).join('\n')}\nMiniSearch misses:\n${theirs.misses.map((miss) => `  ${miss}`).join('\n')}\n`);
  }
}

void main();
