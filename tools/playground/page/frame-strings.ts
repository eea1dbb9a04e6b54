import { getLanguage } from '../../fake-obsidian';
import { languageOf, type Language } from '../../../src/i18n';

/**
 * The words of the playground's own frame (title bar, file list, settings modal), which stand in
 * for Obsidian's UI: in Obsidian these come from the app in its language, so the frame follows
 * the fake's `getLanguage()` (`--lang`) too, with Obsidian's own wording where it has one.
 */
export const FRAME_STRINGS = {
  en: { title: 'Glassbox playground', vault: 'Vault: {name}', endpoint: 'Model endpoint', settings: 'Settings', commands: 'Commands', livePreview: 'Live Preview', readingView: 'Reading view', lightTheme: 'Light theme', darkTheme: 'Dark theme', files: 'Files', sidebar: 'Right sidebar', close: 'Close', noTab: 'The plugin registered no settings tab.' },
  de: { title: 'Glassbox-Spielwiese', vault: 'Tresor: {name}', endpoint: 'Modell-Endpunkt', settings: 'Einstellungen', commands: 'Befehle', livePreview: 'Live-Vorschau', readingView: 'Leseansicht', lightTheme: 'Helles Design', darkTheme: 'Dunkles Design', files: 'Dateien', sidebar: 'Rechte Seitenleiste', close: 'Schließen', noTab: 'Das Plugin hat keinen Einstellungs-Tab registriert.' },
  es: { title: 'Zona de pruebas de Glassbox', vault: 'Bóveda: {name}', endpoint: 'Punto de acceso del modelo', settings: 'Ajustes', commands: 'Comandos', livePreview: 'Vista previa en vivo', readingView: 'Vista de lectura', lightTheme: 'Tema claro', darkTheme: 'Tema oscuro', files: 'Archivos', sidebar: 'Barra lateral derecha', close: 'Cerrar', noTab: 'El plugin no registró ninguna pestaña de ajustes.' },
  fr: { title: 'Bac à sable Glassbox', vault: 'Coffre : {name}', endpoint: 'Point d’accès du modèle', settings: 'Paramètres', commands: 'Commandes', livePreview: 'Aperçu en direct', readingView: 'Mode lecture', lightTheme: 'Thème clair', darkTheme: 'Thème sombre', files: 'Fichiers', sidebar: 'Barre latérale droite', close: 'Fermer', noTab: 'Le plugin n’a enregistré aucun onglet de paramètres.' },
  zh: { title: 'Glassbox 试用场', vault: '仓库：{name}', endpoint: '模型端点', settings: '设置', commands: '命令', livePreview: '实时阅览', readingView: '阅读视图', lightTheme: '浅色主题', darkTheme: '深色主题', files: '文件', sidebar: '右侧边栏', close: '关闭', noTab: '该插件没有注册设置页。' },
  ja: { title: 'Glassbox プレイグラウンド', vault: '保管庫: {name}', endpoint: 'モデルのエンドポイント', settings: '設定', commands: 'コマンド', livePreview: 'ライブプレビュー', readingView: '閲覧ビュー', lightTheme: 'ライトテーマ', darkTheme: 'ダークテーマ', files: 'ファイル', sidebar: '右サイドバー', close: '閉じる', noTab: 'プラグインは設定タブを登録していません。' },
} satisfies Record<Language, Record<string, string>>;

/** A word of the frame in the fake app's language, `{name}` filled. */
export function frameText(key: keyof (typeof FRAME_STRINGS)['en'], name = ''): string {
  return FRAME_STRINGS[languageOf(getLanguage())][key].replace('{name}', name);
}
