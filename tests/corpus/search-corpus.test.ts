import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NodeVaultSource } from '../../src/cli/node-vault-source';
import { VaultIndex } from '../../src/search';

// The obsidian-help corpus (6,277 notes in 36 languages) from ../shared; this suite runs with
// `npm run test:corpus`, not `npm test`.
// GLASSBOX_SHARED names ../shared when the checkout is not beside it (a git worktree).
const CORPUS = join(process.env.GLASSBOX_SHARED ?? join(__dirname, '..', '..', '..', 'shared'), 'corpora', 'obsidian-help');

/** [language, query, a note that must be among the first `within` results]. */
const CASES: readonly [string, string, string, number][] = [
  ['English', 'canvas', 'en/Plugins/Canvas.md', 10],
  ['English phrase', '"core plugins that come installed"', 'en/Plugins/Core plugins.md', 1],
  ['English, several words', 'selective sync file types', 'en/Obsidian Sync/Sync settings and selective syncing.md', 1],
  ['English prefix', 'backlin', 'en/Plugins/Backlinks.md', 5],
  ['Japanese', 'キャンバス', 'ja/プラグイン/Canvas.md', 1],
  ['Chinese (simplified)', '画布', 'zh/插件/白板.md', 3],
  ['Chinese (traditional)', '畫布', 'zh-TW/外掛程式/Canvas.md', 3],
  ['Korean', '캔버스', 'ko/플러그인/Canvas.md', 1],
  ['Russian', 'холст', 'ru/Плагины/Холст.md', 1],
  ['Thai', 'ผืนผ้าใบ', 'th/ปลั๊กอิน/Canvas.md', 3],
  ['Khmer', 'បង្កើត canvas ថ្មី', 'km/Plugins/Canvas.md', 3],
  ['Persian', 'بوم جدید', 'fa/افزونه‌ها/Canvas.md', 3],
  ['Bengali', 'ক্যানভাস', 'bn/প্লাগইন/Canvas.md', 3],
  ['Greek', 'Δημιουργία βάσης', 'el/Bases/Δημιουργία βάσης.md', 1],
  ['Greek without accents', 'δημιουργια βασης', 'el/Bases/Δημιουργία βάσης.md', 1],
  ['Arabic', 'إنشاء قاعدة بيانات', 'ar/Bases/إنشاء قاعدة بيانات.md', 1],
  ['Hebrew', 'לוח פקודות', 'he/תוספים/לוח פקודות.md', 1],
];

/**
 * Issue 13: natural questions with other word forms and typos, in ten languages: [language,
 * question, the notes that answer it (one must be among the first five results)].
 */
const QUESTIONS: readonly [string, string, string | string[]][] = [
  ['English, another word form', 'templating my daily notes', ['en/Plugins/Templates.md', 'en/Plugins/Daily notes.md']],
  ['English, two typos', 'embeded imgaes in notes', 'en/Linking notes and files/Embed files.md'],
  ['English, a question', 'How do I restore a deleted file?', ['en/Plugins/File recovery.md', 'en/Obsidian Sync/Version history.md']],
  ['German, a verb for a noun', 'gelöschte Datei wiederherstellen', ['de/Erweiterungen/Datenwiederherstellung.md', 'de/Obsidian Sync/Versionsgeschichte.md']],
  ['German, a typo', 'Befehlspalete öffnen', 'de/Erweiterungen/Befehlspalette.md'],
  ['French, singular for plural', 'modèle pour la note quotidienne', 'fr/Modules/Modèles.md'],
  ['Spanish, a typo', 'reembolzo de la suscripcion', 'es/Licencias y pago/Política de reembolso.md'],
  ['Italian, another word form', 'sincronizzazione delle note', 'it/Per iniziare/Sincronizza le note tra dispositivi.md'],
  ['Portuguese, a question', 'Como criar um novo cofre?', 'pt/Começar/Criar um cofre.md'],
  ['Russian, case endings', 'шаблон для ежедневной заметки', 'ru/Плагины/Шаблоны.md'],
  ['Dutch, singular for plural', 'sjabloon voor dagnotities', 'nl/Plug-ins/Sjablonen.md'],
  ['Japanese, a question', 'ノートにファイルを埋め込むにはどうすればいいですか', 'ja/ノートとファイルのリンク/ファイルの埋め込み.md'],
  ['Chinese, a question', '恢复已删除的文件', 'zh/插件/文件恢复.md'],
];

const describeIfCorpus = existsSync(CORPUS) ? describe : describe.skip;

describeIfCorpus('search over the obsidian-help corpus', () => {
  const source = new NodeVaultSource(CORPUS);
  let index: VaultIndex;
  beforeAll(async () => {
    index = await VaultIndex.build(source);
  }, 120_000);

  it('indexes every note', async () => {
    expect(index.size).toBe((await source.listNotes()).length);
    expect(index.size).toBeGreaterThan(6000);
  });

  it.each(CASES)('%s: "%s" finds %s within the first %i', async (_language, query, expected, within) => {
    const results = await index.search(query, { limit: within });
    expect(results.map((result) => result.path)).toContain(expected);
  });

  it.each(QUESTIONS)('%s: "%s" finds %s within the first five', async (_language, question, expected) => {
    const results = await index.search(question, { limit: 5 });
    const answers = typeof expected === 'string' ? [expected] : expected;
    expect(results.map((result) => result.path).filter((path) => answers.includes(path))).not.toEqual([]);
  });

  it('finds a heading and cuts a passage in the note’s own script', async () => {
    const [result] = await index.search('キャンバス', { limit: 1 });
    expect(result.passage).toMatch(/キャンバス/);
  });

  it('survives a save and reload with the same answers', async () => {
    const loaded = VaultIndex.load(await index.serialize(), source)!;
    for (const [, query] of CASES) expect(await loaded.search(query)).toEqual(await index.search(query));
  });
});
