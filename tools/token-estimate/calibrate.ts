/**
 * Measures `countTokens` (src/agent/context-fit/count-tokens.ts) against two real tokenizers,
 * cl100k_base and o200k_base (js-tiktoken, a devDependency), on the Obsidian help corpus: per
 * language, the estimate divided by the true count, file by file (files of 200 characters or more,
 * at most `--files N` per language, default 80, in path order).
 *
 *   node --import tsx tools/token-estimate/calibrate.ts [CORPUS_DIR] [--files N]
 *
 * Prints one row per language: files, median and lowest ratio for each tokenizer (a ratio
 * under 1 means the estimate was low for that file), then the same over every file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { countTokens } from '../../src/agent/context-fit/count-tokens';

const args = process.argv.slice(2);
const filesFlag = args.indexOf('--files');
const perLanguage = filesFlag >= 0 ? Number(args[filesFlag + 1]) : 80;
const corpus = args.find((arg, index) => !arg.startsWith('--') && index !== filesFlag + 1) ?? '../shared/corpora/obsidian-help';
const tokenizers = { cl100k: new Tiktoken(cl100k), o200k: new Tiktoken(o200k) };

function markdownFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
    });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const languages = readdirSync(corpus).filter((name) => /^[a-z]{2}(-[a-zA-Z]{2})?$/.test(name) && statSync(join(corpus, name)).isDirectory());
const all: Record<keyof typeof tokenizers, number[]> = { cl100k: [], o200k: [] };
const format = (value: number) => value.toFixed(2);
process.stdout.write(`${'language files | cl100k median lowest highest | o200k median lowest highest'}\n`);
for (const language of languages) {
  const texts = markdownFiles(join(corpus, language))
    .map((path) => readFileSync(path, 'utf8'))
    .filter((text) => text.length >= 200)
    .slice(0, perLanguage);
  const ratios: Record<keyof typeof tokenizers, number[]> = { cl100k: [], o200k: [] };
  for (const text of texts) {
    const estimate = countTokens(text);
    for (const name of ['cl100k', 'o200k'] as const) {
      const ratio = estimate / tokenizers[name].encode(text, 'all').length;
      ratios[name].push(ratio);
      all[name].push(ratio);
    }
  }
  const row = (name: keyof typeof tokenizers) => `${format(median(ratios[name]))} ${format(Math.min(...ratios[name]))} ${format(Math.max(...ratios[name]))}`;
  process.stdout.write(`${`${language} ${texts.length} | ${row('cl100k')} | ${row('o200k')}`}\n`);
}
const total = (name: keyof typeof tokenizers) => `${format(median(all[name]))} ${format(Math.min(...all[name]))} ${format(Math.max(...all[name]))}`;
process.stdout.write(`${`all ${all.cl100k.length} | ${total('cl100k')} | ${total('o200k')}`}\n`);
