import type { AgentLoopStyle } from '../agent/agent-run-options';
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
  readonly question: string;
}

/**
 * Reads `glassbox ask` flags (DESIGN.md 8); `--flag value` and `--flag=value` both work.
 * Flags win over `GLASSBOX_BASE_URL`, `GLASSBOX_API_KEY` and `GLASSBOX_MODEL`. Every mistake is
 * a {@link CliUsageError} with one sentence saying what to do.
 */
export function parseAskArgs(args: readonly string[], env: Readonly<Record<string, string | undefined>>): AskArgs {
  const flags = new Map<string, string>();
  let eventsJsonl = false;
  let save = false;
  const words: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    const value = (): string => {
      const next = equals > 0 ? arg.slice(equals + 1) : args[++index];
      if (next === undefined || next === '') throw new CliUsageError(`${flag} needs a value.`);
      return next;
    };
    switch (flag) {
      case '--vault':
      case '--base-url':
      case '--api-key':
      case '--model':
      case '--max-iterations':
      case '--loop':
        flags.set(flag, value());
        break;
      case '--events': {
        const format = value();
        if (format !== 'jsonl') throw new CliUsageError(`--events only supports "jsonl", not "${format}".`);
        eventsJsonl = true;
        break;
      }
      case '--save':
        save = true;
        break;
      case '--':
        words.push(...args.slice(index + 1));
        index = args.length;
        break;
      default:
        if (arg.startsWith('--')) throw new CliUsageError(`Unknown option ${flag} for "glassbox ask" (try --vault, --base-url, --api-key, --model, --max-iterations, --loop, --events jsonl, --save).`);
        words.push(arg);
    }
  }
  // Values given are checked before missing ones are asked for: a typo in --loop should be the
  // sentence the user sees, not a request for --model they meant to give through the environment.
  const maxIterations = parseMaxIterations(flags.get('--max-iterations'));
  const loopStyle = parseLoop(flags.get('--loop'));
  const vault = flags.get('--vault');
  if (vault === undefined) throw new CliUsageError('Say which folder of notes to use with --vault DIR.');
  const question = words.join(' ').trim();
  if (question === '') throw new CliUsageError('Give the question to ask, e.g. glassbox ask --vault DIR "What did we decide about refunds?"');
  const baseUrl = flags.get('--base-url') ?? nonEmpty(env.GLASSBOX_BASE_URL) ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\/[^\s/]+/i.test(baseUrl)) throw new CliUsageError(`The base URL must start with http:// or https://, not "${baseUrl}".`);
  const model = flags.get('--model') ?? nonEmpty(env.GLASSBOX_MODEL);
  if (model === undefined) throw new CliUsageError('Say which model to use with --model NAME or GLASSBOX_MODEL (e.g. --model qwen3:8b).');
  return {
    vault,
    baseUrl,
    apiKey: flags.get('--api-key') ?? nonEmpty(env.GLASSBOX_API_KEY),
    model,
    maxIterations,
    loopStyle,
    eventsJsonl,
    save,
    question,
  };
}

function parseMaxIterations(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 100) throw new CliUsageError(`--max-iterations must be a whole number from 1 to 100, not "${text}".`);
  return value;
}

function parseLoop(text: string | undefined): AgentLoopStyle {
  if (text === undefined || text === 'tools') return 'tools';
  if (text === 'reason-act-observe') return text;
  throw new CliUsageError(`--loop must be "tools" or "reason-act-observe", not "${text}".`);
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}
