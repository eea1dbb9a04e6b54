import { EMBEDDINGS_FLAGS, readEmbeddingsEndpoint, type EmbeddingsEndpoint } from './cli-meaning-search';
import type { AgentLoopStyle, AgentSpendingLimits } from '../agent';
import { readSpendingLimits, SPENDING_FLAGS } from './ask-spending';
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_OUTPUT_TOKENS, shownBaseUrl } from '../llm';
import { parseFlags, type CommandSpec } from './cli-flags';
import { CliUsageError } from './cli-io';
import { isOtlpEndpoint } from '../traces';

/**
 * The default endpoint: Ollama's OpenAI-compatible API on this machine, the most common way to
 * run a model locally (docs/decisions/cli-ask-defaults.md).
 */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:11434/v1';

/** Parsed `glassbox ask` arguments, after flags, environment and defaults. */
export interface AskArgs {
  readonly vault: string;
  /** Search by meaning at this endpoint (`--embeddings-model`, `GLASSBOX_EMBEDDINGS_MODEL`); off without one. */
  readonly embeddings?: EmbeddingsEndpoint;
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
  /** `--max-tokens N`: the most tokens one model call may write (default 8,192). */
  readonly maxTokens: number;
  /** `--note PATH`, repeatable: notes attached to the question, as given. */
  readonly notes: readonly string[];
  /** `--folder PATH` and `--tag TAG`, repeatable: the scope of the vault tools, as given (tags without `#`). */
  readonly folders: readonly string[];
  readonly tags: readonly string[];
  /** `--context-window N`: the model's window in tokens; undefined = ask the server (DESIGN.md 12.1). */
  readonly contextWindow: number | undefined;
  /** `--image PATH`, repeatable: images sent with the question, as given. */
  readonly images: readonly string[];
  /** `--prompt NAME`: a custom prompt of the vault; the question, if any, fills its `{}`. */
  readonly prompt: string | undefined;
  /** `--otlp-endpoint URL`: where the finished run's traces go (OTLP/JSON to URL/v1/traces); undefined = nowhere. */
  readonly otlpEndpoint: string | undefined;
  /** `--otlp-include-content`: the traces also carry the question, answer and tool inputs and outputs. */
  readonly otlpIncludeContent: boolean;
  /** Whether `--model` / `--loop` were given: they win over a prompt's own `model` / `loop`. */
  readonly modelFromFlag: boolean;
  readonly loopFromFlag: boolean;
  /** `--max-run-tokens`, `--max-cost` and the prices (DESIGN.md 13.4); undefined: no limit. */
  readonly spending: AgentSpendingLimits | undefined;
  readonly question: string;
}

/** `glassbox ask`'s command line (DESIGN.md 8, 11.4): a new flag is one entry in `flags`, read below. */
export const ASK_COMMAND = {
  name: 'ask',
  flags: {
    vault: { value: 'DIR', required: true, description: 'The folder of notes to answer from.' },
    'base-url': { value: 'URL', description: 'The OpenAI-compatible endpoint.', defaultValue: `GLASSBOX_BASE_URL, else ${DEFAULT_BASE_URL}` },
    'api-key': { value: 'KEY', description: 'The API key for the endpoint.', defaultValue: 'GLASSBOX_API_KEY, else none' },
    model: { value: 'NAME', description: 'The model to ask.', defaultValue: 'GLASSBOX_MODEL' },
    'max-iterations': { value: 'N', description: 'Most model calls in one answer, 1 to 100.', defaultValue: '10' },
    loop: { value: 'tools|reason-act-observe', description: 'How the agent works: tool calls, or reason, act and observe phases.', defaultValue: 'tools' },
    events: { value: 'jsonl', description: 'Print each event of the run as a JSON line instead of the block.' },
    save: { description: 'Save the conversation as a note in Glassbox/Conversations.' },
    mcp: { value: 'FILE', description: 'Add the tools of the MCP servers in this mcpServers JSON file.' },
    'allow-mcp': { description: 'Run MCP tool calls without asking.', defaultValue: 'ask in a terminal, decline in a pipe' },
    'allow-writes': { description: 'Approve note writes without asking.', defaultValue: 'ask in a terminal, decline in a pipe' },
    continue: { value: 'NOTE', description: 'Add this turn to a saved conversation; without a question, resume its stopped run.' },
    timeout: { value: 'SECONDS', description: 'Longest wait for the next byte from the endpoint, 1 to 3600.', defaultValue: String(DEFAULT_IDLE_TIMEOUT_MS / 1000) },
    'max-tokens': { value: 'N', description: 'Most tokens one model call may write (max_tokens).', defaultValue: String(DEFAULT_MAX_OUTPUT_TOKENS) },
    note: { value: 'PATH', multiple: true, description: 'Attach a note to the question.' },
    folder: { value: 'PATH', multiple: true, description: 'Limit the vault tools to a folder.', defaultValue: 'the whole vault' },
    tag: { value: 'TAG', multiple: true, description: 'Limit the vault tools to notes with a tag.', defaultValue: 'any tag' },
    prompt: { value: 'NAME', description: 'Ask through a custom prompt note of Glassbox/Prompts (the question fills its {} or {selection}).' },
    image: { value: 'PATH', multiple: true, description: 'Send an image with the question (models that take images).' },
    ...EMBEDDINGS_FLAGS,
    ...SPENDING_FLAGS,
    'context-window': { value: 'N', description: "The model's context window in tokens (every request is fitted to it).", defaultValue: 'ask the server' },
    'otlp-endpoint': { value: 'URL', description: "Send the run's traces to this OpenTelemetry collector (OTLP/JSON to URL/v1/traces).", defaultValue: 'GLASSBOX_OTLP_ENDPOINT, else nowhere' },
    'otlp-include-content': { description: 'The traces also carry the question, the answer and the tool inputs and outputs.' },
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
  const contextWindow = parseContextWindow(flags['context-window']);
  const maxTokens = parseMaxTokens(flags['max-tokens']);
  const spending = readSpendingLimits({ flags, env });
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
  const apiKey = flags['api-key'] ?? nonEmpty(env.GLASSBOX_API_KEY);
  const embeddings = readEmbeddingsEndpoint({ flags, env, chatBaseUrl: baseUrl, ...(apiKey !== undefined ? { apiKey } : {}) });
  const otlpEndpoint = flags['otlp-endpoint'] ?? nonEmpty(env.GLASSBOX_OTLP_ENDPOINT);
  if (otlpEndpoint !== undefined && !isOtlpEndpoint(otlpEndpoint)) throw new CliUsageError(`The OTLP endpoint must be an http:// or https:// URL, like http://localhost:4318, not "${otlpEndpoint}".`);
  if (flags['otlp-include-content'] && otlpEndpoint === undefined) throw new CliUsageError('--otlp-include-content says what the traces carry: add --otlp-endpoint URL.');
  return {
    vault,
    ...(embeddings !== undefined ? { embeddings } : {}),
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
    maxTokens,
    notes: flags.note,
    folders: flags.folder,
    tags: flags.tag.map((tag) => tag.trim().replace(/^#/, '')).filter((tag) => tag !== ''),
    contextWindow,
    prompt: flags.prompt,
    images: flags.image,
    otlpEndpoint,
    otlpIncludeContent: flags['otlp-include-content'],
    modelFromFlag: flags.model !== undefined,
    loopFromFlag: flags.loop !== undefined,
    spending,
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

export function parseContextWindow(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 256 || value > 10_000_000) throw new CliUsageError(`--context-window must be a whole number of tokens from 256 up, not "${text}" (leave it out to ask the server).`);
  return value;
}

function parseMaxTokens(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_OUTPUT_TOKENS;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 1_000_000) throw new CliUsageError(`--max-tokens must be a whole number from 1 to 1000000, not "${text}".`);
  return value;
}

function parseLoop(text: string | undefined): AgentLoopStyle {
  if (text === undefined || text === 'tools') return 'tools';
  if (text === 'reason-act-observe') return text;
  throw new CliUsageError(`--loop must be "tools" or "reason-act-observe", not "${text}".`);
}

export function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}
