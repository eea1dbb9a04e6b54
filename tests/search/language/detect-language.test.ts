import { detectLanguage, parseLanguageTag } from '../../../src/search/language/detect-language';

describe('detectLanguage', () => {
  it.each([
    ['en', 'The plugin keeps a list of the notes that link to this one, and you can open it from the sidebar.'],
    ['de', 'Die Erweiterung zeigt alle Notizen, die auf diese Notiz verweisen, und sie ist in der Seitenleiste.'],
    ['fr', 'Le module affiche les notes qui pointent vers la note active, et vous pouvez le trouver dans la barre.'],
    ['es', 'El complemento muestra las notas que enlazan con la nota actual y se abre desde la barra lateral.'],
    ['it', 'Il plugin mostra le note che collegano alla nota attiva e si apre dalla barra laterale della finestra.'],
    ['pt', 'O plugin mostra as notas que ligam para a nota ativa e pode ser aberto na barra lateral da janela.'],
    ['nl', 'De plug-in toont de notities die naar deze notitie verwijzen en is te openen in de zijbalk van het venster.'],
    ['ru', 'Плагин показывает заметки, которые ссылаются на текущую заметку.'],
    ['uk', 'Додаток показує нотатки, які посилаються на поточну нотатку, і їх можна відкрити.'],
    ['ja', 'このプラグインは、現在のノートにリンクしているノートを表示します。'],
    ['zh', '该插件显示链接到当前笔记的所有笔记。'],
    ['ko', '이 플러그인은 현재 노트에 연결된 노트를 보여줍니다.'],
    ['th', 'ปลั๊กอินนี้แสดงโน้ตที่ลิงก์มายังโน้ตปัจจุบัน'],
    ['km', 'កម្មវិធីជំនួយនេះបង្ហាញកំណត់ចំណាំដែលភ្ជាប់មកកាន់កំណត់ចំណាំបច្ចុប្បន្ន'],
    ['el', 'Το πρόσθετο εμφανίζει τις σημειώσεις που συνδέονται με την τρέχουσα σημείωση.'],
    ['fa', 'این افزونه یادداشت‌هایی را نشان می‌دهد که به یادداشت فعلی پیوند دارند و گزینه‌ها را می‌گیرد.'],
    ['he', 'התוסף מציג את הפתקים שמקשרים לפתק הנוכחי.'],
  ])('tells %s', (language, text) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('says nothing when a text gives no clue', () => {
    expect(detectLanguage('| 12 | 34 |\n| 56 | 78 |')).toBeUndefined();
    expect(detectLanguage('Obsidian Canvas')).toBeUndefined();
  });

  it('reads frontmatter lang values', () => {
    expect(parseLanguageTag('de')).toBe('de');
    expect(parseLanguageTag('pt-BR')).toBe('pt');
    expect(parseLanguageTag(' ZH_tw ')).toBe('zh');
    expect(parseLanguageTag('klingon')).toBeUndefined();
    expect(parseLanguageTag(42)).toBeUndefined();
  });
});
