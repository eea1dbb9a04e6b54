import { VaultIndex } from '../../../src/search';
import { foldText } from '../../../src/search/fold-text';
import { parseQuery } from '../../../src/search/parse-query';
import { stemWord } from '../../../src/search/language/stem-word';
import { isStopword } from '../../../src/search/language/stopwords';
import { tokenize } from '../../../src/search/tokenize';
import { immediate, MemoryVaultSource } from '../support/memory-vault-source';

// Issue 38: Hindi and Turkish as people type them. Hindi with or without the nukta and with
// anusvara for chandrabindu, words that a zero-width joiner must not split, Hindi's suffixes;
// Turkish suffixes, and the question words of both languages.

const words = (text: string): string[] => {
  const out: string[] = [];
  tokenize(foldText(text), (term) => out.push(term));
  return out;
};

describe('Hindi and Turkish word forms', () => {
  it('folds the nukta and chandrabindu, and keeps a word with a zero-width joiner whole', () => {
    expect(foldText('फ़ाइल')).toBe(foldText('फाइल'));
    expect(foldText('ज़रूरी')).toBe(foldText('जरूरी'));
    expect(foldText('बनाएँ')).toBe(foldText('बनाएं'));
    expect(words('क्\u200dष त्र')).toEqual(['क्ष', 'त्र']);
    // Persian's non-joiner still separates (it is not between Indic letters).
    expect(words('افزونه\u200cها')).toEqual(['افزونه', 'ها']);
  });

  it('stems Hindi and Turkish word forms to one stem', () => {
    expect(stemWord(foldText('जोड़ने'), 'hi')).toBe(stemWord(foldText('जोड़ें'), 'hi'));
    expect(stemWord(foldText('फ़ाइलें'), 'hi')).toBe(stemWord(foldText('फाइल'), 'hi'));
    expect(stemWord(foldText('dosyalarınızı'), 'tr')).toBe(stemWord(foldText('dosyalarımın'), 'tr'));
    expect(stemWord(foldText('etiketler'), 'tr')).toBe(stemWord(foldText('etiket'), 'tr'));
  });

  it('drops the question words of a Hindi or Turkish question, and the case ending an apostrophe splits off', () => {
    for (const word of ['क्या', 'कैसे', 'है', 'में']) expect(isStopword(foldText(word), 'hi')).toBe(true);
    for (const word of ['nasıl', 'nedir', 'mı', 'da', 'dan']) expect(isStopword(foldText(word), 'tr')).toBe(true);
    const parsed = parseQuery("Obsidian'da notlar nasıl silinir?", [], { languages: ['tr'] });
    expect(parsed.language).toBe('tr');
    expect(parsed.terms.map((term) => term.term)).toEqual(['obsidian', 'notlar', 'silinir']);
  });

  it('finds a Hindi note asked in other forms, without the nukta, with anusvara', async () => {
    const source = new MemoryVaultSource({
      'फ़ाइल पुनर्प्राप्ति.md': '# फ़ाइल पुनर्प्राप्ति\n\nफ़ाइल पुनर्प्राप्ति प्लगइन नोट्स के स्नैपशॉट सहेजता है।',
      'आंतरिक लिंक.md': '# आंतरिक लिंक\n\nदो नोट्स को जोड़ने के लिए दोहरे कोष्ठक में नोट का नाम लिखें।',
      'थीम.md': '# थीम\n\nहल्की और गहरी मोड के बीच बदलाव सेटिंग्स में होता है।',
    });
    const index = await VaultIndex.build(source, { yieldToHost: immediate });
    expect((await index.search('फाइलें'))[0]?.path).toBe('फ़ाइल पुनर्प्राप्ति.md');
    expect((await index.search('नोट कैसे जोड़ें?'))[0]?.path).toBe('आंतरिक लिंक.md');
    expect((await index.search('गहरी थीम कैसे लगाएँ'))[0]?.path).toBe('थीम.md');
  });
});
