import { parseArgs } from 'node:util';
import { CliUsageError } from './cli-io';

/**
 * One flag of a command. `value` is the placeholder the usage shows (`DIR`, `N`, `jsonl`); a flag
 * without one is a switch. `multiple` flags may be given more than once and read as a list.
 */
export interface FlagSpec {
  /** What the flag does, one short sentence for `--help`. */
  readonly description: string;
  /** What applies without the flag, as `--help` says it (`120`, `GLASSBOX_MODEL`); absent: nothing. */
  readonly defaultValue?: string;
  readonly value?: string;
  readonly multiple?: boolean;
  /** Shown without brackets in the usage: the command cannot run without it. */
  readonly required?: boolean;
  /** The sentence for a missing value, when `--flag needs a value.` says too little. */
  readonly missingValue?: string;
}

/** A command's flags by name (without the leading `--`): adding a flag is one entry here. */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

/** A command line's grammar: its flags, the words after them, and how it is named in messages. */
export interface CommandSpec<T extends FlagTable = FlagTable> {
  readonly name: string;
  readonly flags: T;
  /** The placeholder for the words after the flags, e.g. `"question"`. */
  readonly words: string;
  /** The sentence for an unknown option; by default it names the command and lists its flags. */
  readonly unknownOption?: (flag: string) => string;
}

type FlagValue<S extends FlagSpec> = S extends { readonly value: string } ? (S extends { readonly multiple: true } ? readonly string[] : string | undefined) : boolean;

/** What a command line said: each flag's value (a list for `multiple`, a boolean for a switch) and the other words. */
export interface ParsedFlags<T extends FlagTable> {
  readonly flags: { readonly [K in keyof T]: FlagValue<T[K]> };
  readonly words: readonly string[];
}

/** `--help` or `-h` among a command's flags: the CLI prints the usage and exits 0. */
export class CliHelpRequest extends Error {
  override readonly name = 'CliHelpRequest';
}

/**
 * Reads a command line with `node:util` `parseArgs`. `--flag value` and `--flag=value` both work;
 * everything after `--` is words. A word starting with a single dash (`-5`) stays a word, as a
 * question may hold one. Every mistake is a {@link CliUsageError} with one sentence.
 */
export function parseFlags<T extends FlagTable>(command: CommandSpec<T>, args: readonly string[]): ParsedFlags<T> {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = { help: { type: 'boolean', short: 'h' } };
  for (const [name, spec] of Object.entries(command.flags)) options[name] = { type: spec.value === undefined ? 'boolean' : 'string', ...(spec.multiple === true ? { multiple: true } : {}) };
  // Not strict: parseArgs' own errors are not the one-sentence messages the CLI promises, so the
  // tokens are checked here.
  const { values, tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  // Help wins over any other mistake on the line: it is how people find out what they got wrong.
  if (tokens.some((token) => token.kind === 'option' && token.name === 'help')) throw new CliHelpRequest();
  const words: string[] = [];
  const shortSeen = new Set<number>();
  for (const token of tokens) {
    if (token.kind === 'positional') words.push(token.value);
    if (token.kind !== 'option') continue;
    if (!token.rawName.startsWith('--')) {
      if (!shortSeen.has(token.index)) words.push(args[token.index] ?? '');
      shortSeen.add(token.index);
      continue;
    }
    const spec = Object.hasOwn(command.flags, token.name) ? command.flags[token.name] : undefined;
    if (spec === undefined) throw new CliUsageError(command.unknownOption?.(token.rawName) ?? defaultUnknownOption(command, token.rawName));
    if (spec.value !== undefined && (token.value === undefined || token.value === '')) throw new CliUsageError(spec.missingValue ?? `${token.rawName} needs a value.`);
    if (spec.value === undefined && token.value !== undefined) throw new CliUsageError(`${token.rawName} takes no value.`);
  }
  const flags: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(command.flags)) {
    const value = values[name];
    flags[name] = spec.value === undefined ? value === true : spec.multiple === true ? (value ?? []) : value;
  }
  return { flags: flags as ParsedFlags<T>['flags'], words };
}

function defaultUnknownOption(command: CommandSpec, flag: string): string {
  // A flag whose only value is a literal (`--events jsonl`) is listed with it: that is what to type.
  const known = Object.entries(command.flags).map(([name, spec]) => (spec.value !== undefined && /^[a-z]+$/.test(spec.value) ? `--${name} ${spec.value}` : `--${name}`));
  return `Unknown option ${flag} for "glassbox ${command.name}" (try ${known.join(', ')}).`;
}

/** The usage line of a command, wrapped under its name at `width` columns. */
export function usageOf(command: CommandSpec, width = 80): string {
  const lead = `  glassbox ${command.name} `;
  const parts = Object.entries(command.flags).map(([name, spec]) => {
    const flag = spec.value === undefined ? `--${name}` : `--${name} ${spec.value}`;
    return spec.required === true ? flag : `[${flag}]`;
  });
  parts.push(command.words);
  const lines: string[] = [];
  let line = lead;
  for (const part of parts) {
    if (line.trim() !== `glassbox ${command.name}` && line.length + part.length > width) {
      lines.push(line.trimEnd());
      line = ' '.repeat(lead.length);
    }
    line += `${part} `;
  }
  lines.push(line.trimEnd());
  return `${lines.join('\n')}\n`;
}

/**
 * Every flag of a command with what it does and its default, one a line under "ask options:",
 * the flags lined up in one column (issue 26: `--help` listed flags with neither).
 */
export function optionsOf(command: CommandSpec): string {
  const rows = Object.entries(command.flags).map(([name, spec]) => {
    const flag = spec.value === undefined ? `--${name}` : `--${name} ${spec.value}`;
    const extras = [spec.required === true ? 'required' : '', spec.multiple === true ? 'repeatable' : '', spec.defaultValue !== undefined ? `default: ${spec.defaultValue}` : ''].filter(Boolean);
    return { flag, text: extras.length > 0 ? `${spec.description} (${extras.join('; ')})` : spec.description };
  });
  const width = Math.max(...rows.map((row) => row.flag.length));
  return `${command.name} options:\n${rows.map((row) => `  ${row.flag.padEnd(width)}  ${row.text}`).join('\n')}\n`;
}
