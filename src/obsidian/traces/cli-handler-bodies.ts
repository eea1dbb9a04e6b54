import { type CliData, normalizePath, TFile } from 'obsidian';
import { doctorOutput, inspectNoteText, notConversationNote, searchOutput, stripControls, terminalJson } from '../../commands';
import { parseConversationNote } from '../../conversation';
import type { SearchResult } from '../../search';
import { isInsideFolder } from '../../search/folder-excluding-source';
import { timelineLines } from '../../cli/inspect-timeline';
import type { CliHandlerServices } from './cli-handler-services';

// The bodies of Glassbox's handlers on Obsidian's command line, evaluated on the first command
// (with the printing code they share with the standalone CLI), not when Obsidian loads the plugin.

/** `glassbox:ask question="…" [json]`. */
export async function askHandler(services: CliHandlerServices, params: CliData): Promise<string> {
  const answer = await services.ask(params.question ?? '');
  if (params.json === 'true') return `${terminalJson(answer, 2)}\n`;
  const lines = [answer.answer];
  if (answer.error !== null) lines.push(answer.error);
  if (answer.note !== '') lines.push('', `saved: ${answer.note}`);
  return stripControls(`${lines.join('\n').trim()}\n`);
}

/** `glassbox:search query="…" [limit=N] [json]`. */
export async function searchHandler(services: CliHandlerServices, params: CliData): Promise<string> {
  const query = (params.query ?? '').trim();
  const limit = params.limit === undefined ? 10 : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return `Error: limit must be a whole number from 1 to 1000, not "${params.limit}".\n`;
  const search = services.vaultTools().find((tool) => tool.name === 'localSearch');
  if (search === undefined) return 'Error: the vault index is still being built; try again in a moment.\n';
  const started = performance.now();
  const result = await search.execute({ query, limit }, { signal: new AbortController().signal, now: Date.now });
  const tookMs = Math.round((performance.now() - started) * 100) / 100;
  const results = (result.data as { results?: readonly SearchResult[] } | undefined)?.results ?? [];
  const folder = services.host.settings.conversationsFolder;
  const size = services.app.vault.getMarkdownFiles().filter((file) => !isInsideFolder(file.path, folder)).length;
  return searchOutput(results, { query, json: params.json === 'true', tookMs, size });
}

/** `glassbox:inspect note=PATH [json]`. */
export async function inspectHandler(services: CliHandlerServices, params: CliData): Promise<string> {
  const name = params.note ?? '';
  const file = services.app.vault.getAbstractFileByPath(normalizePath(name));
  if (!(file instanceof TFile)) return stripControls(`Error: no note "${name}" in this vault.\n`);
  const text = await services.app.vault.cachedRead(file);
  if (params.json === 'true') {
    const inspected = inspectNoteText(text);
    return inspected === null ? stripControls(`Error: ${notConversationNote(name)}\n`) : `${terminalJson(inspected, 2)}\n`;
  }
  const parsed = parseConversationNote(text);
  if (!parsed.ok) return stripControls(`Error: ${notConversationNote(name)}\n`);
  return stripControls(`${timelineLines(parsed.value.messages, 'local').join('\n')}\n`);
}

/** `glassbox:doctor [json]`. */
export async function doctorHandler(services: CliHandlerServices, params: CliData): Promise<string> {
  const { report, baseUrl, model } = await services.checkConnection();
  return doctorOutput(report, { json: params.json === 'true', baseUrl, model });
}

/** A failure inside a handler, as the one line Obsidian's command line prints. */
export function errorLine(error: unknown): string {
  return stripControls(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
}
