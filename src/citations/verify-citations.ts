import type { ReasoningCitation } from '../markers';
import { readAnswerCitations } from './answer-citations';
import { citationKey } from './citation-target';
import { checkCitations } from './check-citations';

/** What the check asks of a host's vault: its link rule and its notes' text. `ContextNotes` is one. */
export interface CitationNotes {
  /** A `[[link]]` to a vault path by the vault's rules (names, paths, aliases, case); undefined when no note matches. */
  resolve(linktext: string, sourcePath: string): string | undefined;
  read(path: string): Promise<string>;
}

/**
 * Checks an answer's citations against the notes whose text reached the model (`readPaths`),
 * reading only the cited notes that have quotations attributed to them, then running
 * {@link checkCitations}. A note that cannot be read counts its quotations as not found.
 */
export async function verifyCitations(options: { answer: string; readPaths: Iterable<string>; notes: CitationNotes }): Promise<ReasoningCitation[]> {
  const { answer, notes } = options;
  const parsed = readAnswerCitations(answer);
  if (parsed.targets.length === 0) return [];
  const resolved = new Map<string, string | undefined>();
  const resolve = (target: string): string | undefined => {
    const key = citationKey(target);
    if (!resolved.has(key)) resolved.set(key, notes.resolve(target, ''));
    return resolved.get(key);
  };
  const texts = new Map<string, string | undefined>();
  const quoted = new Set(parsed.quotes.flatMap((quote) => (quote.citation === undefined ? [] : [quote.citation])));
  for (const target of parsed.targets) {
    const path = quoted.has(citationKey(target)) ? resolve(target) : undefined;
    if (path === undefined || texts.has(path)) continue;
    texts.set(path, await notes.read(path).catch(() => undefined));
  }
  const read = new Set([...options.readPaths].map((path) => path.toLowerCase()));
  return checkCitations(answer, { resolve, wasRead: (path) => read.has(path.toLowerCase()), textOf: (path) => texts.get(path) });
}
