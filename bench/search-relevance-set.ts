// Natural questions over ../shared/corpora/obsidian-help, written by hand (issue 13), each with
// the notes that answer it, named by their `permalink` (the same in every language folder, so a
// German question is answered by the German note with that permalink).
// `form`: the question uses another word form than the note (templating/templates, a case
// ending, a derived noun); `typo`: it has a typing mistake. Plain questions have neither.

/** How a question differs from the words of the notes that answer it. */
export type QuestionKind = 'plain' | 'form' | 'typo';

/** One question: its language folder, the words, the permalinks of the notes that answer it. */
export interface RelevanceQuestion {
  readonly language: string;
  readonly question: string;
  readonly answers: readonly string[];
  readonly kind: QuestionKind;
}

const SYNC = ['sync-notes', 'sync', 'sync/setup'];
const TEMPLATES = ['plugins/templates', 'plugins/daily-notes'];
const RECOVERY = ['plugins/file-recovery', 'sync/version-history'];
const HOTKEYS = ['hotkeys', 'editing-shortcuts'];
const VAULT = ['vault', 'manage-vaults'];
const NOTE = ['create-note', 'manage-notes'];
const PUBLISH = ['publish', 'publish/publish', 'publish/setup'];

const q = (language: string, kind: QuestionKind, question: string, answers: readonly string[]): RelevanceQuestion => ({ language, question, answers, kind });

export const RELEVANCE_SET: readonly RelevanceQuestion[] = [
  q('en', 'plain', 'How do I embed an image in a note?', ['embeds']),
  q('en', 'typo', 'embeded imgaes in notes', ['embeds']),
  q('en', 'typo', 'how to serach my vault', ['plugins/search']),
  q('en', 'plain', 'How do I create a new vault?', VAULT),
  q('en', 'form', 'templating my daily notes', TEMPLATES),
  q('en', 'plain', 'Can I get a refund for my subscription?', ['refunds']),
  q('en', 'plain', 'how do I restore a deleted file', RECOVERY),
  q('en', 'plain', 'What does the graph view show?', ['plugins/graph']),
  q('en', 'plain', 'keyboard shortcuts for editing', HOTKEYS),
  q('en', 'plain', 'how can I publish my notes as a website', PUBLISH),
  q('en', 'form', 'syncing notes between my phone and computer', SYNC),
  q('en', 'form', 'is synced data encrypted end to end', ['sync/security']),
  q('en', 'form', 'importing my notes from Evernote', ['import/evernote']),
  q('en', 'plain', 'where does Obsidian store my files', ['data-storage']),
  q('en', 'typo', 'custom domian for my publish site', ['publish/domains']),
  q('en', 'plain', 'how to make a callout foldable', ['callouts']),
  q('en', 'typo', 'install comunity plugins', ['community-plugins']),
  q('en', 'typo', 'quick swticher to open files', ['plugins/quick-switcher']),
  q('en', 'typo', 'backlniks panel', ['plugins/backlinks']),
  q('de', 'plain', 'Wie erstelle ich eine neue Notiz?', NOTE),
  q('de', 'plain', 'Vorlagen für tägliche Notizen', TEMPLATES),
  q('de', 'plain', 'Wie kann ich Dateien einbetten?', ['embeds']),
  q('de', 'plain', 'Tastenkürzel ändern', HOTKEYS),
  q('de', 'form', 'Notizen zwischen Geräten synchronisieren', SYNC),
  q('de', 'form', 'gelöschte Datei wiederherstellen', RECOVERY),
  q('de', 'typo', 'Rückerstatung eines Kaufs', ['refunds']),
  q('de', 'typo', 'Befehlspalete öffnen', ['plugins/command-palette']),
  q('fr', 'plain', 'Comment créer un nouveau coffre ?', VAULT),
  q('fr', 'plain', 'incorporer des images dans une note', ['embeds']),
  q('fr', 'plain', 'raccourcis clavier', HOTKEYS),
  q('fr', 'form', 'synchroniser les notes entre mes appareils', SYNC),
  q('fr', 'plain', 'récupérer un fichier supprimé', RECOVERY),
  q('fr', 'form', 'modèle pour la note quotidienne', TEMPLATES),
  q('fr', 'typo', 'recherhe dans le coffre', ['plugins/search']),
  q('es', 'plain', '¿Cómo creo una bóveda nueva?', VAULT),
  q('es', 'plain', 'incrustar imágenes en una nota', ['embeds']),
  q('es', 'plain', 'teclas de acceso rápido', HOTKEYS),
  q('es', 'form', 'plantilla para la nota diaria', TEMPLATES),
  q('es', 'plain', 'recuperar archivos borrados', RECOVERY),
  q('es', 'form', 'sincronizando mis notas entre dispositivos', SYNC),
  q('es', 'typo', 'reembolzo de la suscripcion', ['refunds']),
  q('it', 'plain', 'Come creo una nuova nota?', NOTE),
  q('it', 'plain', 'tasti di scelta rapida', HOTKEYS),
  q('it', 'form', 'modello per la nota del giorno', TEMPLATES),
  q('it', 'plain', 'incorporare immagini in una nota', ['embeds']),
  q('it', 'form', 'sincronizzazione delle note', SYNC),
  q('pt', 'plain', 'Como criar um novo cofre?', VAULT),
  q('pt', 'plain', 'atalhos de teclado', HOTKEYS),
  q('pt', 'form', 'modelo para nota diária', TEMPLATES),
  q('pt', 'plain', 'recuperar ficheiros apagados', RECOVERY),
  q('pt', 'typo', 'sincronisar notas', SYNC),
  q('ru', 'plain', 'Как создать новую заметку?', NOTE),
  q('ru', 'plain', 'горячие клавиши', HOTKEYS),
  q('ru', 'form', 'шаблон для ежедневной заметки', TEMPLATES),
  q('ru', 'form', 'как встроить файлы в заметку', ['embeds']),
  q('ru', 'form', 'восстановить удалённый файл', RECOVERY),
  q('ru', 'form', 'синхронизацию заметок', SYNC),
  q('ja', 'plain', '新しいノートを作成する方法', NOTE),
  q('ja', 'plain', 'ノートにファイルを埋め込むにはどうすればいいですか', ['embeds']),
  q('ja', 'plain', 'ホットキーを変更したい', HOTKEYS),
  q('ja', 'plain', 'デイリーノートのテンプレート', TEMPLATES),
  q('ja', 'plain', '削除したファイルを復元する', RECOVERY),
  q('zh', 'plain', '如何创建新的笔记', NOTE),
  q('zh', 'plain', '如何在笔记中插入文件', ['embeds']),
  q('zh', 'plain', '快捷键设置', HOTKEYS),
  q('zh', 'plain', '日记模板', TEMPLATES),
  q('zh', 'plain', '恢复已删除的文件', RECOVERY),
  q('nl', 'plain', 'Hoe maak ik een nieuwe kluis?', VAULT),
  q('nl', 'typo', 'snletoetsen aanpassen', HOTKEYS),
  q('nl', 'form', 'sjabloon voor dagnotities', TEMPLATES),
  q('th', 'plain', 'วิธีสร้างผืนผ้าใบใหม่', ['plugins/canvas']),
];
