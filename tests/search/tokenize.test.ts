import { foldText, tokenize } from '../../src/search';
import type { TokenKind } from '../../src/search/tokenize';

const tokens = (text: string): [string, TokenKind][] => {
  const out: [string, TokenKind][] = [];
  tokenize(foldText(text), (term, kind) => out.push([term, kind]));
  return out;
};

describe('foldText', () => {
  it('folds case, accents and compatibility forms, and keeps letters whole where marks are letters', () => {
    expect(foldText('Crème Brûlée ÉCOLE')).toBe('creme brulee ecole');
    expect(foldText('Straße Œuvre ﬁne')).toBe('strasse oeuvre fine');
    expect(foldText('ＡＢＣ１２３')).toBe('abc123');
    expect(foldText('Ἀθῆναι ς')).toBe('αθηναι σ');
    expect(foldText('ｶﾞｷﾞ')).toBe('ガギ'); // half-width kana with voicing marks recomposed, not stripped
    expect(foldText('한국어')).toBe('한국어'); // Hangul syllables survive NFKD + NFC
    expect(foldText('किताब')).toBe('किताब'); // Devanagari vowel signs kept
    expect(foldText('ค้นหา')).toBe('ค้นหา'); // Thai tone marks kept
    expect(foldText('مَكْتَبَة')).toBe('م\u06a9تبة'); // Arabic harakat removed; kaf written the Persian way, as queries are
    expect(foldText('שָׁלוֹם')).toBe('שלום'); // Hebrew points removed
  });
});

describe('tokenize', () => {
  it('splits spaced scripts into words and drops punctuation', () => {
    expect(tokens("Don't panic: it's 2024-05, ok?")).toEqual([
      ['don', 'word'], ['t', 'word'], ['panic', 'word'], ['it', 'word'], ['s', 'word'], ['2024', 'word'], ['05', 'word'], ['ok', 'word'],
    ]);
  });

  it('turns unspaced runs into bigrams plus the last character', () => {
    expect(tokens('图书馆')).toEqual([['图书', 'gram'], ['书馆', 'gram'], ['馆', 'tail']]);
    expect(tokens('東京で')).toEqual([['東京', 'gram'], ['京で', 'gram'], ['で', 'tail']]);
    expect(tokens('검색을')).toEqual([['검색', 'gram'], ['색을', 'gram'], ['을', 'tail']]);
  });

  it('keeps Thai marks with their consonant, and adds the segmenter’s longer words', () => {
    expect(tokens('ค้นหา')).toEqual([['ค้น', 'gram'], ['นห', 'gram'], ['หา', 'gram'], ['า', 'tail'], ['ค้นหา', 'word']]);
  });

  it('splits a mixed run at the script boundary', () => {
    expect(tokens('obsidian的笔记')).toEqual([['obsidian', 'word'], ['的笔', 'gram'], ['笔记', 'gram'], ['记', 'tail']]);
  });

  it('skips words too long to be words, and emoji', () => {
    expect(tokens(`${'x'.repeat(60)} ok 🎉 fine`)).toEqual([['ok', 'word'], ['fine', 'word']]);
  });
});
