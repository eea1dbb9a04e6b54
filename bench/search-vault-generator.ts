import { seededRandom } from './seeded-random';

// Deterministic generator of a realistic-looking vault for the search benchmark: Zipf-distributed
// vocabulary, folders, headings, tags, links, log-normal note sizes, and planted facts whose
// paraphrased queries have one right answer.

/** One generated note. */
export interface GeneratedNote {
  readonly path: string;
  readonly text: string;
  readonly mtime: number;
}

/** A query with the note that answers it. */
export interface EvalQuery {
  readonly query: string;
  readonly expected: string;
}

/** Small fast seeded PRNG (mulberry32). */
export const random = seededRandom;

const STOPWORDS = 'the of and to a in is it that for on was with as be at by this have from or had not but what all were when we there can an your which their said if do will each about how up out them then she many some so these would other into has more her two like him see time could no make than first been its who now people my made over did down only way find use may water long little very after words called just where most know'.split(' ');
const SYLLABLES = 'ka ri to ma ne su lo vi de pa ro mi ta le no sa ve ki lu ra be go fi zu mo te ha ni ku se da po'.split(' ');
const FOLDERS = ['Projects', 'Projects/Alpha', 'Projects/Beta', 'Journal', 'Journal/2024', 'Areas/Health', 'Areas/Finance', 'Reading', 'Reading/Books', 'Meetings', 'Ideas', 'Reference', 'Work/Clients', 'Work/Notes', 'Travel', 'Recipes', 'Archive', 'Inbox', 'People', 'Courses'];

function makeWord(index: number): string {
  let word = '';
  let rest = index + 7;
  do {
    word += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  } while (rest > 0);
  return index % 3 === 0 ? `${word}n` : word;
}

/** Vocabulary and a Zipf sampler over it (stopwords most frequent). */
function vocabulary(size: number, next: () => number): { words: string[]; sample: () => string; rare: () => string } {
  const words = [...STOPWORDS];
  for (let index = 0; words.length < size; index += 1) words.push(makeWord(index));
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank += 1) cumulative[rank] = total += 1 / Math.pow(rank + 1, 1.05);
  const sample = (): string => {
    const target = next() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return words[low];
  };
  const rare = (): string => words[3000 + Math.floor(next() * (size - 3000))];
  return { words, sample, rare };
}

/**
 * Generates `count` notes (deterministic for a seed) and `queries` planted-fact queries. Note
 * bodies are about 1.3 kB on average (log-normal, 150 B to 20 kB), like a personal vault.
 */
export function generateVault(count: number, options: { seed?: number; queries?: number } = {}): { notes: GeneratedNote[]; queries: EvalQuery[] } {
  const next = random(options.seed ?? 42);
  const vocab = vocabulary(30_000, next);
  const sentence = (length: number): string => {
    const words: string[] = [];
    for (let index = 0; index < length; index += 1) words.push(vocab.sample());
    const text = words.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const titleCase = (words: string[]): string => words.map((word) => word[0].toUpperCase() + word.slice(1)).join(' ');
  const titles: string[] = [];
  const taken = new Set<string>();
  const notes: GeneratedNote[] = [];
  const start = Date.UTC(2021, 0, 1);
  const span = Date.UTC(2025, 0, 1) - start;
  for (let index = 0; index < count; index += 1) {
    let title = titleCase([vocab.rare(), vocab.sample(), ...(next() < 0.5 ? [vocab.rare()] : [])]);
    if (taken.has(title)) title = `${title} ${index}`;
    taken.add(title);
    titles.push(title);
    const folder = FOLDERS[Math.floor(next() * FOLDERS.length)];
    const targetSize = Math.min(20_000, Math.max(150, Math.exp(6.8 + 0.8 * gaussian(next))));
    const parts: string[] = [];
    const tagCount = Math.floor(next() * 3);
    if (tagCount > 0) parts.push(`---\ntags: [${Array.from({ length: tagCount }, () => `topic${Math.floor(next() * 200)}`).join(', ')}]\n---\n`);
    parts.push(`# ${title}\n\n`);
    let size = 0;
    while (size < targetSize) {
      if (next() < 0.25) parts.push(`\n## ${titleCase([vocab.sample(), vocab.rare()])}\n\n`);
      let paragraph = '';
      const sentences = 1 + Math.floor(next() * 4);
      for (let s = 0; s < sentences; s += 1) paragraph += `${sentence(6 + Math.floor(next() * 14))} `;
      if (next() < 0.2 && titles.length > 1) paragraph += `See [[${titles[Math.floor(next() * (titles.length - 1))]}]]. `;
      if (next() < 0.05) paragraph += `#topic${Math.floor(next() * 200)} `;
      parts.push(`${paragraph.trim()}\n\n`);
      size += paragraph.length;
    }
    notes.push({ path: `${folder}/${title}.md`, text: parts.join(''), mtime: Math.floor(start + next() * span) });
  }
  const queries: EvalQuery[] = [];
  const planted = new Set<number>();
  while (queries.length < (options.queries ?? 300)) {
    const target = Math.floor(next() * count);
    if (planted.has(target)) continue;
    planted.add(target);
    const [a, b, c, d] = [vocab.rare(), vocab.rare(), vocab.rare(), vocab.rare()];
    const note = notes[target];
    const lines = note.text.split('\n\n');
    const at = 1 + Math.floor(next() * Math.max(1, lines.length - 1));
    lines.splice(at, 0, `The ${a} of the ${b} is ${c} ${d}, as we agreed.`);
    notes[target] = { ...note, text: lines.join('\n\n') };
    queries.push({ query: `what is the ${b} ${a} ${c}`, expected: note.path });
  }
  return { notes, queries };
}

function gaussian(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}
