import { stemWord, stemmerLanguage } from '../../../src/search/language/stem-word';

describe('stemWord', () => {
  it('brings the word forms of each language to one stem', () => {
    expect(new Set(['templates', 'template', 'templating'].map((word) => stemWord(word, 'en'))).size).toBe(1);
    expect(stemWord('vorlagen', 'de')).toBe(stemWord('vorlage', 'de'));
    expect(stemWord('modeles', 'fr')).toBe(stemWord('modele', 'fr'));
    expect(stemWord('plantillas', 'es')).toBe(stemWord('plantilla', 'es'));
    expect(stemWord('modelli', 'it')).toBe(stemWord('modello', 'it'));
    expect(stemWord('modelos', 'pt')).toBe(stemWord('modelo', 'pt'));
    expect(stemWord('sjablonen', 'nl')).toBe(stemWord('sjabloon', 'nl'));
    expect(stemWord('заметки', 'ru')).toBe(stemWord('заметкам', 'ru'));
    expect(stemWord('шаблонов', 'ru')).toBe(stemWord('шаблоны', 'ru'));
  });

  it('leaves short words, numbers and scripts without a stemmer alone', () => {
    expect(stemWord('ios', 'en')).toBe('ios');
    expect(stemWord('v1234s', 'en')).toBe('v1234s');
    expect(stemWord('ノート', 'ja')).toBe('ノート');
  });

  it('stems Latin words in a note of another script as English, and Polish ones not at all', () => {
    expect(stemmerLanguage('plugins', 'ja')).toBe('en');
    expect(stemmerLanguage('plugins', 'ru')).toBe('en');
    expect(stemmerLanguage('plugins', undefined)).toBe('en');
    expect(stemmerLanguage('wtyczki', 'pl')).toBeUndefined();
    expect(stemmerLanguage('заметки', 'en')).toBe('ru');
  });
});
