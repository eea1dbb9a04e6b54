/**
 * The fake Obsidian host: an in-memory implementation of the parts of the `obsidian` module
 * Glassbox uses. jest maps `obsidian` here; the browser playground bundles it. No Node built-ins.
 * Fake-only helpers (createFakeApp, noticeLog, ...) are marked as such in their docs.
 */
import { installDomHelpers } from './dom-helpers';

export { App, createFakeApp, createMemoryDeviceStorage, type FakeAppOptions, type FakeDeviceStorage } from './app';
export { CommandRegistry } from './commands';
export { Component } from './component';
export { DataAdapter } from './data-adapter';
export { Editor, FakeEditor, type FakeEditorPosition, type FakeEditorSelection } from './editor';
export { MarkdownView } from './markdown-view';
export { Menu, MenuItem } from './menu';
export { prepareFuzzySearch, type FakeSearchResult } from './fuzzy-search';
export { editorInfoField, editorLivePreviewField, type FakeMarkdownFileInfo } from './editor-fields';
export { installDomHelpers, type DomHost, type FakeDomElementInfo } from './dom-helpers';
export { Events, type FakeEventRef } from './events';
export { FakeDataviewPlugin } from './community/fake-dataview';
export { FakeTemplaterPlugin } from './community/fake-templater';
export { clearPluginRuns, pluginRuns, type FakePluginRun } from './community/plugin-runs';
export { FileManager } from './file-manager';
export { TAbstractFile, TFile, TFolder } from './files';
export { setIcon } from './icons';
export { MarkdownRenderChild, MarkdownRenderer, type FakeCodeBlockProcessor, type FakeMarkdownPostProcessor, type FakePostProcessorContext } from './markdown-renderer';
export { Keymap, type FakePaneType } from './keymap';
export { getLanguage, setFakeLanguage } from './language';
export { MetadataCache } from './metadata-cache';
export { renderReadingView, type FakeReadingView, type FakeReadingViewOptions } from './reading-view';
export { Modal } from './modal';
export { Notice, clearNotices, noticeLog } from './notice';
export { Platform } from './platform';
export { Plugin } from './plugin';
export { SecretStorage } from './secret-storage';
export { clearRequestUrlLog, requestUrl, requestUrlLog, setRequestUrlTransport, type FakeRequestUrlCall } from './request-url';
export { RequestUrlError } from './request-url-error';
export { PluginSettingTab, Setting, SettingRegistry, SettingTab } from './setting';
export {
  AbstractTextComponent,
  BaseComponent,
  ButtonComponent,
  DropdownComponent,
  ExtraButtonComponent,
  SecretComponent,
  SliderComponent,
  TextAreaComponent,
  TextComponent,
  ToggleComponent,
  ValueComponent,
} from './setting-components';
export { debounce, normalizePath, type FakeDebouncer } from './utils';
export { Vault, type FakeVaultOptions } from './vault';
export { DeferredView, EmptyView, ItemView, View } from './view';
export { ViewRegistry, type FakeViewCreator } from './view-registry';
export { FakeSidedock, Workspace, type FakeLayout, type FakeOpenedLink } from './workspace';
export { WorkspaceLeaf, type FakeLeafSide, type FakeViewState } from './workspace-leaf';
export { parseYaml, stringifyYaml } from './yaml';
export { getAllTags, getLinkpath, parseFrontMatterAliases, parseLinktext, getFrontMatterInfo } from './link-utils';

/** The API version the fake imitates. */
export const apiVersion = '1.11.4';

/** Obsidian's `requireApiVersion`: whether {@link apiVersion} is at least `version`. */
export function requireApiVersion(version: string): boolean {
  const have = apiVersion.split('.').map(Number);
  const want = version.split('.').map(Number);
  for (let index = 0; index < Math.max(have.length, want.length); index++) {
    const difference = (have[index] ?? 0) - (want[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

if (typeof document !== 'undefined' && typeof window !== 'undefined') installDomHelpers(window);
