import { checkConnection, type ConnectionFixWords } from '../doctor';
import { shownBaseUrl } from '../llm';
import { createVaultTools, VaultIndex } from '../search';
import { DEFAULT_BASE_URL, nonEmpty, parseContextWindow } from './ask-args';
import { parseFlags, type CommandSpec } from './cli-flags';
import { CliUsageError, type CliIo } from './cli-io';
import { EMBEDDINGS_FLAGS, readEmbeddingsEndpoint } from './cli-meaning-search';
import { doctorOutput } from '../commands';

/** `glassbox doctor`'s command line (DESIGN.md 12.5). */
export const DOCTOR_COMMAND = {
  name: 'doctor',
  flags: {
    'base-url': { value: 'URL', description: 'The OpenAI-compatible endpoint to check.', defaultValue: `GLASSBOX_BASE_URL, else ${DEFAULT_BASE_URL}` },
    'api-key': { value: 'KEY', description: 'The API key for the endpoint (never printed).', defaultValue: 'GLASSBOX_API_KEY, else none' },
    model: { value: 'NAME', description: 'The model to check.', defaultValue: 'GLASSBOX_MODEL' },
    'context-window': { value: 'N', description: "The model's context window in tokens, as ask would use it.", defaultValue: 'ask the server' },
    ...EMBEDDINGS_FLAGS,
    json: { description: 'Print the checks as JSON.' },
    'no-model-call': { description: 'Send nothing to the model: tools and reasoning are not checked.' },
  },
  words: '',
} as const satisfies CommandSpec;

/** The CLI's words for what a fix names: its flags and environment variables. */
export const CLI_FIX_WORDS: ConnectionFixWords = Object.freeze({
  baseUrl: '--base-url (or GLASSBOX_BASE_URL)',
  model: '--model (or GLASSBOX_MODEL)',
  apiKey: '--api-key (or GLASSBOX_API_KEY)',
  contextWindow: '--context-window',
  embeddings: '--embeddings-base-url and --embeddings-model',
});

/**
 * `glassbox doctor`: checks the endpoint, key, model, window, tools, reasoning and embeddings
 * (`src/doctor`), one line each with ✓ / ✗ / – and each failure's fix; `--json` prints them as
 * `{ ok, baseUrl, model, checks: [{ id, status, text, fix? }] }`. Exit status: 0 when a chat
 * would work, 1 when not, 2 on bad usage.
 */
export async function runDoctorCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { flags, words } = parseFlags(DOCTOR_COMMAND, args);
  if (words.length > 0) throw new CliUsageError(`Unexpected argument "${words[0]}": glassbox doctor takes flags only.`);
  const contextWindow = parseContextWindow(flags['context-window']);
  const baseUrl = flags['base-url'] ?? nonEmpty(io.env.GLASSBOX_BASE_URL) ?? DEFAULT_BASE_URL;
  if (/^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/\s]*@/i.test(baseUrl)) throw new CliUsageError('The base URL must not hold a user name or password; give a key with --api-key (or GLASSBOX_API_KEY).');
  const apiKey = flags['api-key'] ?? nonEmpty(io.env.GLASSBOX_API_KEY);
  const model = flags.model ?? nonEmpty(io.env.GLASSBOX_MODEL) ?? '';
  const embeddings = readEmbeddingsEndpoint({ flags, env: io.env, chatBaseUrl: baseUrl });
  // The vault tools' schemas do not depend on the notes: an empty index gives the same ones `ask` sends.
  const index = await VaultIndex.build({ listNotes: () => Promise.resolve([]), read: () => Promise.resolve('') });
  const report = await checkConnection({
    baseUrl,
    model,
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(contextWindow !== undefined ? { contextWindow } : {}),
    ...(embeddings !== undefined ? { embeddings: { baseUrl: embeddings.baseUrl, model: embeddings.model } } : {}),
    modelCall: !flags['no-model-call'],
    tools: createVaultTools({ index, source: { listNotes: () => Promise.resolve([]), read: () => Promise.resolve('') } }),
    // `ask` has no one to put a request_input question to.
    canAskUser: false,
    words: CLI_FIX_WORDS,
  });
  io.stdout.write(doctorOutput(report, { json: flags.json, baseUrl: shownBaseUrl(baseUrl), model }));
  return report.ok ? 0 : 1;
}
