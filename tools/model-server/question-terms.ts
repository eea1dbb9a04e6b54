/**
 * The words of a question and of a sentence, compared the way a careful reader would without a
 * language model: stop words and question phrases dropped, simple suffix stemming
 * ("filing" ~ "file", "expenses" ~ "expense"), a few synonyms, and what kind of answer the
 * question wants (a duration or time, an amount, a person). Deterministic on purpose.
 */
import { conceptStems } from './concept-table';

const STOP_WORDS = new Set(
  'a about above after again all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours out over own same she should so some such than that the their theirs them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours tell show give find know say said please ask note notes vault need needs get got want'.split(
    ' ',
  ),
);

/** Question phrases that say what kind of answer is wanted, not what it is about. */
const QUESTION_PHRASES = /\bhow\s+(?:long|much|many|soon|often|far)\b/giu;

/** Words (letters or digits, joined by `'`, `-`, or `,`/`.` between digits) in order. */
export function wordsOf(text: string): string[] {
  // Numbers first, so "1,000" stays one word (no lookbehind: older iOS lacks it).
  return text.toLowerCase().match(/\p{N}+(?:[,.]\p{N}+)+|[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** The question's salient words (lower case, no stop words or question phrases, at most 6). */
export function salientWords(question: string): string[] {
  const unique: string[] = [];
  for (const word of wordsOf(question.replace(QUESTION_PHRASES, ' '))) {
    const salient = word.length >= 3 || /^\p{N}+$/u.test(word);
    if (salient && !STOP_WORDS.has(word) && !unique.includes(word)) unique.push(word);
  }
  return unique.slice(0, 6);
}

/** A crude English stem: plural, -ing and -ed endings and a final "e" removed; numbers kept. */
export function stem(word: string): string {
  let result = word.toLowerCase().replace(/['’]s$/, '');
  if (result.length <= 3 || /\p{N}/u.test(result)) return result;
  if (result.endsWith('ies') && result.length > 4) result = `${result.slice(0, -3)}y`;
  else if (/(?:ss|x|z|ch|sh)es$/.test(result)) result = result.slice(0, -2);
  else if (result.endsWith('s') && !result.endsWith('ss')) result = result.slice(0, -1);
  if (result.endsWith('ing') && result.length >= 6) result = result.slice(0, -3);
  else if (result.endsWith('ed') && result.length >= 5) result = result.slice(0, -2);
  if (result.endsWith('e') && result.length >= 4) result = result.slice(0, -1);
  return result;
}

/** Stems that mean the same thing in questions about notes ("file a claim" = "submit"). */
const SYNONYMS: readonly (readonly string[])[] = [
  ['fil', 'submit', 'claim', 'send'],
  ['cost', 'pric', 'fee'],
  ['start', 'begin'],
  ['decid', 'decision'],
];

/** The stems a question term matches: its own and its synonyms' (or its concept's, `concept-table.ts`). */
export function termStems(term: string): string[] {
  const own = stem(term);
  const group = SYNONYMS.find((stems) => stems.includes(own));
  return group ? [...group] : conceptStems(term);
}

/** Stems of a text's words; hyphenated words count whole and by part ("pre-approval"). */
export function stemsOf(text: string): Set<string> {
  const stems = new Set<string>();
  for (const word of wordsOf(text)) {
    stems.add(stem(word));
    if (word.includes('-')) for (const part of word.split('-')) if (part !== '') stems.add(stem(part));
  }
  return stems;
}

/** Whether a term (its stems) occurs among `stems`: same stem, or one a near prefix of the other ("approv" ~ "approval"). */
export function termIn(term: string, stems: ReadonlySet<string>): boolean {
  for (const wanted of termStems(term)) {
    if (stems.has(wanted)) return true;
    if (wanted.length < 5 || /\p{N}/u.test(wanted)) continue;
    for (const candidate of stems) {
      const [short, long] = candidate.length <= wanted.length ? [candidate, wanted] : [wanted, candidate];
      if (short.length >= 5 && long.length - short.length <= 3 && long.startsWith(short)) return true;
    }
  }
  return false;
}

/** What kind of answer a question wants. */
export type AnswerKind = 'duration' | 'moment' | 'amount' | 'person' | 'any';

/** The kind of answer the question asks for, from its question words. */
export function answerKind(question: string): AnswerKind {
  const text = question.toLowerCase();
  if (/\bhow\s+(?:long|soon|often)\b|\bdeadline\b|\bhow\s+many\s+(?:seconds|minutes|hours|days|weeks|months|years)\b/.test(text)) return 'duration';
  if (/\bwhen\b|\bwhat time\b|\bwhich day\b|\bwhat date\b/.test(text)) return 'moment';
  if (/\bhow\s+(?:much|many|far)\b|\bpercent|\bcost\b|\bprice\b|\bbudget\b|\blimit\b|\bwhat (?:is|are) the (?:\w+ )?(?:rate|amount|number)s?\b/.test(text)) return 'amount';
  if (/\bwho(?:m|se)?\b/.test(text)) return 'person';
  return 'any';
}

const UNITS = '(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|nights?)';
const NUMBER_WORDS = '(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|a)';
const DURATION_PATTERN = new RegExp(`\\b\\d+(?:\\s*[–-]\\s*\\d+)?\\s*(?:working\\s+|business\\s+)?${UNITS}\\b|\\b${NUMBER_WORDS}\\s+${UNITS}\\b`, 'i');
const MOMENT_PATTERN =
  /\b\d{1,2}:\d{2}\b|\b\d{4}-\d{2}-\d{2}\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b|\b(?:daily|weekly|monthly|yearly|tomorrow|today)\b/i;
const AMOUNT_PATTERN = /[€$£]\s?\d|\d\s?(?:%|€|eur\b|usd\b)|\b\d[\d,.]*\b/i;

/** Whether a sentence has the kind of thing the question asks for (a duration, a day or time, a sum, a [[person]]). */
export function answersKind(sentence: string, kind: AnswerKind): boolean {
  switch (kind) {
    case 'duration':
      return DURATION_PATTERN.test(sentence);
    case 'moment':
      return MOMENT_PATTERN.test(sentence);
    case 'amount':
      return AMOUNT_PATTERN.test(sentence);
    case 'person':
      return /\[\[[^\]]+\]\]/.test(sentence);
    case 'any':
      return false;
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}
