import { parseQuery } from '../../src/search/parse-query';

const words = (query: string): string[] => parseQuery(query).terms.map((term) => term.term);

describe('parseQuery', () => {
  it('drops the stopwords and question words of the question’s language', () => {
    expect(words('How do I embed an image in a note?')).toEqual(['embed', 'image', 'note']);
    expect(words('Wie kann ich eine Vorlage erstellen?')).toEqual(['vorlage', 'erstellen']);
    expect(words('Comment créer un nouveau coffre ?')).toEqual(['creer', 'nouveau', 'coffre']);
    expect(words('¿Cómo creo una bóveda nueva?')).toEqual(expect.arrayContaining(['boveda']));
    expect(words('¿Cómo creo una bóveda nueva?')).not.toContain('como');
    expect(words('Как создать новую заметку?')).toEqual(['создать', 'новую', 'заметку']);
  });

  it('keeps a question made only of stopwords', () => {
    expect(words('what is this')).toEqual(['what', 'is', 'this']);
  });

  it('looks a word up by its stem in the question’s language', () => {
    const [term] = parseQuery('how do templates work').terms;
    expect(term.forms.map((form) => form.term)).toEqual(['templat']);
  });

  it('cuts Chinese and Japanese questions into words and drops their question words', () => {
    expect(words('如何在笔记中嵌入图片')).toEqual(expect.arrayContaining(['笔记', '嵌入', '图片']));
    expect(words('如何在笔记中嵌入图片')).not.toContain('如何');
    expect(words('ノートに画像を埋め込むにはどうすればいいですか')).toEqual(expect.arrayContaining(['ノート', '画像', '埋め込む']));
    expect(words('ノートに画像を埋め込むにはどうすればいいですか')).not.toContain('どう');
  });

  it('adds the pair across each two neighbouring words of an unspaced script, as notes hold it', () => {
    // 设置 / 为 / 需要 / 按: the pairs 置为, 为需 and 要按 stand only where the words stand together.
    expect(words('设置为需要按')).toEqual(expect.arrayContaining(['设置', '需要', '置为', '为需', '要按']));
    expect(words('设置 需要')).not.toContain('置需');
  });

  it('joins single characters the segmenter could not place, so they must stand together', () => {
    const [term] = parseQuery('图学').terms;
    expect(term.term).toBe('图学');
  });

  it('gives a long unspaced word its character pairs to fall back on', () => {
    const term = parseQuery('キャンバス').terms.find((candidate) => candidate.pairs !== undefined);
    expect(term?.pairs).toEqual(['キャ', 'ャン', 'ンバ', 'バス']);
  });
});
