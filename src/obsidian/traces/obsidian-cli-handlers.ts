import type { CliData, CliFlags, CliHandler, Plugin } from 'obsidian';
import type { CliHandlerServices } from './cli-handler-services';

const JSON_FLAG = { description: 'Print JSON instead of text.' };

/**
 * Glassbox's commands on Obsidian's own command line (1.12.2+, DESIGN.md 13.5): `obsidian
 * glassbox:ask question="…"`, `glassbox:search`, `glassbox:inspect`, `glassbox:doctor`, inside the
 * running app with its settings, key and index, printed by the same code as the standalone CLI
 * (`src/commands`). Nothing is registered on an app without `registerCliHandler`.
 */
export function registerGlassboxCliHandlers(plugin: Plugin, services: CliHandlerServices): boolean {
  const register = (plugin as { registerCliHandler?: (command: string, description: string, flags: CliFlags | null, handler: CliHandler) => void }).registerCliHandler;
  if (typeof register !== 'function') return false;
  type Body = (services: CliHandlerServices, params: CliData) => Promise<string>;
  const add = (command: string, description: string, flags: CliFlags, body: (bodies: typeof import('./cli-handler-bodies')) => Body): void => {
    register.call(plugin, command, description, flags, async (params: CliData) => {
      const bodies = await import('./cli-handler-bodies');
      try {
        return await body(bodies)(services, params);
      } catch (error) {
        return bodies.errorLine(error);
      }
    });
  };
  add('glassbox:ask', 'Ask Glassbox a question about the vault; the chat shows the run.', { question: { value: '<text>', description: 'The question.', required: true }, json: JSON_FLAG }, (bodies) => bodies.askHandler);
  add('glassbox:search', "Search the vault's notes as the agent does.", { query: { value: '<text>', description: 'What to look for.', required: true }, limit: { value: '<n>', description: 'Most results, 1 to 1000 (default 10).' }, json: JSON_FLAG }, (bodies) => bodies.searchHandler);
  add('glassbox:inspect', "A conversation note's runs, one step a line; with json, what glassbox inspect prints.", { note: { value: '<path>', description: 'The conversation note, vault-relative.', required: true }, json: JSON_FLAG }, (bodies) => bodies.inspectHandler);
  add('glassbox:doctor', "Check what works between Glassbox and its model server, with the app's settings and key.", { json: JSON_FLAG }, (bodies) => bodies.doctorHandler);
  return true;
}
