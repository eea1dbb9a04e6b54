// Questions for one language folder of the obsidian-help corpus whose answer note is known
// (issue 38: Hindi and Turkish retrieval against MiniSearch with default options). Besides the
// hand-written natural questions of bench/search-language-questions.ts, they are made from the
// notes themselves, the same way for every note, so nobody picked the easy ones:
// - `sentence`: the first sentence of the note's body (after the frontmatter, headings, callouts,
//   embeds and list markers), its words in reverse order, every third one left out;
// - `heading`: a heading below the title that no other note of the folder has, as typed in
//   lower case with its words in reverse order.
// Shared by bench/search-language-recall.ts and tests/corpus/search-languages.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import MiniSearch from 'minisearch';
import { VaultIndex, type VaultSource } from '../src/search';
import { NATURAL_QUESTIONS } from './search-language-questions';

/** A note of the folder: its path relative to the folder and its text. */
export interface FolderNote {
  readonly path: string;
  readonly text: string;
}

/** One question and the note that answers it. */
export interface LanguageQuestion {
  readonly kind: 'sentence' | 'heading' | 'natural';
  readonly question: string;
  /** One of them must be among the first five results. */
  readonly answers: readonly string[];
}

/** The hand-written Hindi notes the Hindi questions are asked over (the corpus has no Hindi). */
export const HINDI_VAULT = join(__dirname, '..', 'tests', 'fixtures', 'hindi-vault');

/** A language's natural questions (bench/search-language-questions.ts). */
export function naturalQuestions(language: string): LanguageQuestion[] {
  return (NATURAL_QUESTIONS[language] ?? []).map(([question, answers]) => ({ kind: 'natural', question, answers }));
}

/** Recall@5 and MRR over the first ten results. */
export interface LanguageScore {
  readonly recallAt5: number;
  readonly mrr: number;
  readonly misses: readonly string[];
}

export function readFolder(folder: string): FolderNote[] {
  const notes: FolderNote[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const absolute = join(dir, entry.name);
      if (entry.isDirectory()) walk(absolute);
      else if (entry.name.endsWith('.md')) notes.push({ path: relative(folder, absolute).split(sep).join('/'), text: readFileSync(absolute, 'utf8') });
    }
  };
  walk(folder);
  return notes;
}

const WORD = /[\p{L}\p{M}\p{N}'’]+/gu;

function body(text: string): string {
  return text.replace(/^---\n[\s\S]*?\n---\n/, '');
}

function firstSentence(text: string): string | undefined {
  for (const raw of body(text).split('\n')) {
    const line = raw.trim();
    if (line === '' || /^(#|>|!\[\[|\||```|<|%%|---)/.test(line)) continue;
    const plain = line.replace(/^([-*+]|\d+\.)\s+/, '').replace(/\[\[([^\]|]*\|)?([^\]]*)\]\]/g, '$2').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '');
    const sentence = /^.*?[.!?।](?=\s|$)/.exec(plain)?.[0] ?? plain;
    if ((sentence.match(WORD) ?? []).length >= 6) return sentence;
  }
  return undefined;
}

function headings(text: string): string[] {
  return [...body(text).matchAll(/^#{2,6}\s+(.+)$/gm)].map((match) => (match[1] ?? '').replace(/[*_`]/g, '').trim()).filter((heading) => (heading.match(WORD) ?? []).length >= 2);
}

/** The questions of a folder's notes, in path order. */
export function languageQuestions(notes: readonly FolderNote[]): LanguageQuestion[] {
  const headingCount = new Map<string, number>();
  for (const note of notes) for (const heading of new Set(headings(note.text).map((entry) => entry.toLowerCase()))) headingCount.set(heading, (headingCount.get(heading) ?? 0) + 1);
  const questions: LanguageQuestion[] = [];
  for (const note of notes) {
    const sentence = firstSentence(note.text);
    if (sentence !== undefined) {
      const words = (sentence.match(WORD) ?? []).filter((_, index) => index % 3 !== 2).reverse();
      questions.push({ kind: 'sentence', question: words.join(' '), answers: [note.path] });
    }
    const heading = headings(note.text).find((entry) => headingCount.get(entry.toLowerCase()) === 1);
    if (heading !== undefined) questions.push({ kind: 'heading', question: (heading.match(WORD) ?? []).reverse().join(' ').toLowerCase(), answers: [note.path] });
  }
  return questions;
}

export function folderSource(notes: readonly FolderNote[]): VaultSource {
  const files = new Map(notes.map((note) => [note.path, note.text]));
  return {
    listNotes: () => Promise.resolve(notes.map((note, index) => ({ path: note.path, mtime: 1_700_000_000_000 + index, size: note.text.length }))),
    read: (path) => Promise.resolve(files.get(path) ?? ''),
  };
}

/** Ranked paths for a question, best first. */
export type LanguageEngine = (question: string) => Promise<string[]> | string[];

export async function glassboxEngine(notes: readonly FolderNote[]): Promise<LanguageEngine> {
  const index = await VaultIndex.build(folderSource(notes));
  return async (question) => (await index.search(question, { limit: 10 })).map((result) => result.path);
}

/** MiniSearch with its default options: title and text, no prefix, no fuzzy. */
export function miniSearchEngine(notes: readonly FolderNote[]): LanguageEngine {
  const mini = new MiniSearch<{ id: number; path: string; title: string; text: string }>({ fields: ['title', 'text'], storeFields: ['path'] });
  mini.addAll(notes.map((note, id) => ({ id, path: note.path, title: note.path.slice(note.path.lastIndexOf('/') + 1, -3), text: note.text })));
  return (question) => mini.search(question).slice(0, 10).map((result) => (result as unknown as { path: string }).path);
}

export async function scoreEngine(engine: LanguageEngine, questions: readonly LanguageQuestion[]): Promise<LanguageScore> {
  let hits = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const item of questions) {
    const ranked = await engine(item.question);
    const rank = ranked.findIndex((path) => item.answers.includes(path));
    if (rank >= 0 && rank < 5) hits += 1;
    else misses.push(`${item.kind} "${item.question}" → ${item.answers.join(' or ')}${rank >= 0 ? ` (rank ${rank + 1})` : ''}`);
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  return { recallAt5: hits / questions.length, mrr: reciprocal / questions.length, misses };
}
