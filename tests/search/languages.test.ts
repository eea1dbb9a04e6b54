import { VaultIndex } from '../../src/search';
import { fixtureVault, immediate } from './support/memory-vault-source';

/** Every script family of the obsidian-help corpus (and Hindi), searched in its own script. */
const CASES: readonly [family: string, query: string, note: string][] = [
  ['Japanese (kanji + kana, no spaces)', 'ラーメン', 'Languages/日本語.md'],
  ['Japanese, kanji word inside a sentence', '東京', 'Languages/日本語.md'],
  ['Chinese (simplified), word inside a sentence', '机器学习', 'Languages/中文.md'],
  ['Chinese, one character', '馆', 'Languages/中文.md'],
  ['Chinese (traditional)', '資料庫', 'Languages/繁體中文.md'],
  ['Korean, word with a particle attached in the text', '김치찌개', 'Languages/한국어.md'],
  ['Korean, stem of 검색을', '검색', 'Languages/한국어.md'],
  ['Russian (Cyrillic), other case', 'программирование', 'Languages/Русский.md'],
  ['Russian ё folded to е', 'елку', 'Languages/Русский.md'],
  ['Greek without the accent', 'φωτοσυνθεση', 'Languages/Ελληνικά.md'],
  ['Arabic', 'الرقمية', 'Languages/العربية.md'],
  ['Arabic, harakat folded away', 'مكتبة', 'Languages/العربية.md'],
  ['Persian', 'کتابخانه', 'Languages/فارسی.md'],
  ['Persian typed with Arabic kaf and yeh', 'كتابخانه ملي', 'Languages/فارسی.md'],
  ['Hebrew', 'ציבורית', 'Languages/עברית.md'],
  ['Hindi (Devanagari)', 'पुस्तकालय', 'Languages/हिन्दी.md'],
  ['Bengali', 'গ্রন্থাগার', 'Languages/বাংলা.md'],
  ['Thai (no spaces)', 'ค้นหา', 'Languages/ไทย.md'],
  ['Thai, a word in the middle of a run', 'ข้อมูล', 'Languages/ไทย.md'],
  ['Khmer (no spaces)', 'ស្វែងរក', 'Languages/ខ្មែរ.md'],
  ['French without accents', 'creme brulee', 'Languages/Français.md'],
  ['French ligature œ', 'coeur', 'Languages/Français.md'],
  ['German ß as ss', 'strasse', 'Languages/Deutsch.md'],
  ['Vietnamese without diacritics', 'tieng viet', 'Languages/Tiếng Việt.md'],
  ['Turkish dotted capital İ', 'istanbul', 'Languages/Türkçe.md'],
];

describe('search in every script family', () => {
  let index: VaultIndex;
  beforeAll(async () => {
    index = await VaultIndex.build(fixtureVault(), { yieldToHost: immediate });
  });

  it.each(CASES)('%s: "%s" finds %s first', async (_family, query, note) => {
    const results = await index.search(query);
    expect(results[0]?.path).toBe(note);
  });

  it('keeps Indic vowel signs: a word without its vowel sign is another word, found only as a near spelling', async () => {
    const [exact] = await index.search('किताब');
    const [near] = await index.search('कताब');
    expect(exact?.path).toBe('Languages/हिन्दी.md');
    expect(near?.path).toBe('Languages/हिन्दी.md');
    expect(near.score).toBeLessThan(exact.score);
  });

  it('does not match a CJK word whose characters appear apart', async () => {
    // 学 and 习 occur together; 图 and 学 never stand next to each other.
    expect(await index.search('图学')).toEqual([]);
  });

  it('shows the passage of a CJK match in its own script', async () => {
    const [result] = await index.search('ラーメン');
    expect(result.passage).toContain('美味しいラーメン');
    expect(result.heading).toBe('東京の旅');
  });
});
