import type { AgentLoopStyle } from '../agent';
import { DEFAULT_IDLE_TIMEOUT_MS, shownBaseUrl } from '../llm';
import { parseFlags, type CommandSpec } from './cli-flags';
import { CliUsageError } from './cli-io';

/**
 * The default endpoint: Ollama's OpenAI-compatible API on this machine, the most common way to
 * run a model locally (docs/decisions/cli-ask-defaults.md).
 */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:11434/v1';

/** Parsed `glassbox ask` arguments, after flags, environment and defaults. */
export interface AskArgs {
  readonly vault: string;
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly model: string;
  readonly maxIterations: number | undefined;
  readonly loopStyle: AgentLoopStyle;
  readonly eventsJsonl: boolean;
  readonly save: boolean;
  /** The `mcpServers` JSON file (`--mcp FILE`), as given. */
  readonly mcpFile: string | undefined;
  /** `--allow-mcp`: MCP tool calls run without asking. */
  readonly allowMcp: boolean;
  /** `--allow-writes`: the agent's note writes are approved without asking. */
  readonly allowWrites: boolean;
  /** `--continue NOTE`: the saved conversation to append this turn to, as given. */
  readonly continueNote: string | undefined;
  /** `--timeout SECONDS` in ms: the longest wait for the next byte from the endpoint (default 120 s). */
  readonly timeoutMs: number;
  /** `--note PATH`, repeatable: notes attached to the question, as given. */
  readonly notes: readonly string[];
  /** `--folder PATH` and `--tag TAG`, repeatable: the scope of the vault tools, as given (tags without `#`). */
  readonly folders: readonly string[];
  readonly tags: readonly string[];
  /** `--image PATH`, repeatable: images sent with the question, as given. */
  readonly images: readonly string[];
  /** `--prompt NAME`: a custom prompt of the vault; the question, if any, fills its `{}`. */
  readonly prompt: string | undefined;
  /** Whether `--model` / `--loop` were given: they win over a prompt's own `model` / `loop`. */
  readonly modelFromFlag: boolean;
  readonly loopFromFlag: boolean;
  readonly question: string;
}

/** `glassbox ask`'s command line (DESIGN.md 8, 11.4): a new flag is one entry in `flags`, read below. */
export const ASK_COMMAND = {
  name: 'ask',
  flags: {
    vault: { value: 'DIR', required: true },
    'base-url': { value: 'URL' },
    'api-key': { value: 'KEY' },
    model: { value: 'NAME' },
    'max-iterations': { value: 'N' },
    loop: { value: 'tools|reason-act-observe' },
    events: { value: 'jsonl' },
    save: {},
    mcp: { value: 'FILE' },
    'allow-mcp': {},
    'allow-writes': {},
    continue: { value: 'NOTE' },
    timeout: { value: 'SECONDS' },
    note: { value: 'PATH', multiple: true },
    folder: { value: 'PATH', multiple: true },
    tag: { value: 'TAG', multiple: true },
    prompt: { value: 'NAME' },
    image: { value: 'PATH', multiple: true },
  },
  words: '"question"',
} as const satisfies CommandSpec;

/**
 * Reads `glassbox ask` flags (DESIGN.md 8); `--flag value` and `--flag=value` both work.
 * Flags win over `GLASSBOX_BASE_URL`, `GLASSBOX_API_KEY` and `GLASSBOX_MODEL`. Every mistake is
 * a {@link CliUsageError} with one sentence saying what to do.
 */
export function parseAskArgs(args: readonly string[], env: Readonly<Record<string, string | undefined>>): AskArgs {
  const { flags, words } = parseFlags(ASK_COMMAND, args);
  // Values given are checked before missing ones are asked for: a typo in --loop should be the
  // sentence the user sees, not a request for --model they meant to give through the environment.
  const maxIterations = parseMaxIterations(flags['max-iterations']);
  const loopStyle = parseLoop(flags.loop);
  const timeoutMs = parseTimeout(flags.timeout);
  if (flags.events !== undefined && flags.events !== 'jsonl') throw new CliUsageError(`--events only supports "jsonl", not "${flags.events}".`);
  const vault = flags.vault;
  if (vault === undefined) throw new CliUsageError('Say which folder of notes to use with --vault DIR.');
  const question = words.join(' ').trim();
  // `--continue NOTE` alone resumes a stopped run (checked once the note is read).
  if (question === '' && flags.continue === undefined && flags.prompt === undefined) throw new CliUsageError('Give the question to ask, e.g. glassbox ask --vault DIR "What did we decide about refunds?"');
  const baseUrl = flags['base-url'] ?? nonEmpty(env.GLASSBOX_BASE_URL) ?? DEFAULT_BASE_URL;
  // fetch refuses a URL with credentials, and the URL is echoed below: say so without repeating them.
  if (/^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/\s]*@/i.test(baseUrl)) throw new CliUsageError('The base URL must not hold a user name or password; give a key with --api-key (or GLASSBOX_API_KEY).');
  if (!/^https?:\/\/[^\s/]+/i.test(baseUrl)) throw new CliUsageError(`The base URL must start with http:// or https://, not "${shownBaseUrl(baseUrl)}".`);
  const model = flags.model ?? nonEmpty(env.GLASSBOX_MODEL);
  // A prompt may name its model: then a missing one is asked for once the prompt is read.
  if (model === undefined && flags.prompt === undefined) throw new CliUsageError('Say which model to use with --model NAME or GLASSBOX_MODEL (e.g. --model qwen3:8b).');
  return {
    vault,
    baseUrl,
    apiKey: flags['api-key'] ?? nonEmpty(env.GLASSBOX_API_KEY),
    model: model ?? '',
    maxIterations,
    loopStyle,
    eventsJsonl: flags.events === 'jsonl',
    save: flags.save,
    mcpFile: flags.mcp,
    allowMcp: flags['allow-mcp'],
    allowWrites: flags['allow-writes'],
    continueNote: flags.continue,
    timeoutMs,
    notes: flags.note,
    folders: flags.folder,
    tags: flags.tag.map((tag) => tag.trim().replace(/^#/, '')).filter((tag) => tag !== ''),
    prompt: flags.prompt,
    images: flags.image,
    modelFromFlag: flags.model !== undefined,
    loopFromFlag: flags.loop !== undefined,
    question,
  };
}

function parseMaxIterations(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 100) throw new CliUsageError(`--max-iterations must be a whole number from 1 to 100, not "${text}".`);
  return value;
}

function parseTimeout(text: string | undefined): number {
  if (text === undefined) return DEFAULT_IDLE_TIMEOUT_MS;
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds < 1 || seconds > 3600) throw new CliUsageError(`--timeout must be a whole number of seconds from 1 to 3600, not "${text}".`);
  return seconds * 1000;
}

function parseLoop(text: string | undefined): AgentLoopStyle {
  if (text === undefined || text === 'tools') return 'tools';
  if (text === 'reason-act-observe') return text;
  throw new CliUsageError(`--loop must be "tools" or "reason-act-observe", not "${text}".`);
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}
