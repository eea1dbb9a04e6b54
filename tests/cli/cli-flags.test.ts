import { CliHelpRequest, optionsOf, parseFlags, usageOf, type CommandSpec } from '../../src/cli/cli-flags';
import { CliUsageError } from '../../src/cli/cli-io';

const DEMO = {
  name: 'demo',
  flags: {
    vault: { value: 'DIR', required: true, description: 'The notes.' },
    tag: { value: 'TAG', multiple: true, description: 'Only these tags.', defaultValue: 'any tag' },
    events: { value: 'jsonl', description: 'Events as JSON lines.' },
    save: { description: 'Save the answer.' },
  },
  words: '"question"',
} as const satisfies CommandSpec;

const usageError = (args: string[]): string => {
  try {
    parseFlags(DEMO, args);
  } catch (error) {
    if (error instanceof CliUsageError) return error.message;
    throw error;
  }
  throw new Error('no usage error');
};

describe('parseFlags (node:util parseArgs for every command)', () => {
  it('reads --flag value and --flag=value, repeated flags as a list, switches as booleans, words in order', () => {
    const { flags, words } = parseFlags(DEMO, ['what', '--vault=V', '--tag', 'a', 'is', '--tag=b', '--save', '-5', 'degrees']);
    expect(flags).toEqual({ vault: 'V', tag: ['a', 'b'], events: undefined, save: true });
    expect(words).toEqual(['what', 'is', '-5', 'degrees']);
  });

  it('leaves an absent repeated flag as an empty list and an absent switch false', () => {
    expect(parseFlags(DEMO, ['q']).flags).toEqual({ vault: undefined, tag: [], events: undefined, save: false });
  });

  it('takes everything after -- as words, --help included', () => {
    expect(parseFlags(DEMO, ['--vault', 'V', '--', '--help', '-h', '--save']).words).toEqual(['--help', '-h', '--save']);
  });

  it.each([
    [['--vault'], '--vault needs a value.'],
    [['--vault='], '--vault needs a value.'],
    [['--save=yes'], '--save takes no value.'],
    [['--fuzzy', 'x'], 'Unknown option --fuzzy for "glassbox demo" (try --vault, --tag, --events jsonl, --save).'],
  ])('names the mistake in %j in one sentence', (args, message) => {
    expect(usageError(args)).toBe(message);
  });

  it('asks for help on --help or -h even when the line holds another mistake', () => {
    expect(() => parseFlags(DEMO, ['--fuzzy', '-h'])).toThrow(CliHelpRequest);
    expect(() => parseFlags(DEMO, ['--vault', 'V', '--help'])).toThrow(CliHelpRequest);
  });

  it('lists every flag with what it does and its default, in one column (issue 26)', () => {
    expect(optionsOf(DEMO)).toBe(
      ['demo options:', '  --vault DIR     The notes. (required)', '  --tag TAG       Only these tags. (repeatable; default: any tag)', '  --events jsonl  Events as JSON lines.', '  --save          Save the answer.', ''].join('\n'),
    );
  });

  it('builds the usage line from the table, wrapped under the command name', () => {
    expect(usageOf(DEMO, 50)).toBe('  glassbox demo --vault DIR [--tag TAG]\n                [--events jsonl] [--save]\n                "question"\n');
  });
});
