import fc from 'fast-check';
import type { ReasoningPayload, ReasoningStep } from '../../../src/markers';

/** Pieces that have broken other plugins' markers: comment syntax, script tags, escapes, line breaks. */
export const NASTY_FRAGMENTS = [
  '-->',
  '<!--',
  '--',
  '--!>',
  '</script>',
  '<script>alert(1)</script>',
  '\\',
  '\\"',
  '"',
  '\n',
  '\r\n',
  '\u2028',
  '\u0000',
  '}-->',
  '<!--REASONING_BLOCK:{"v":1}-->',
  '<!--AGENT_REASONING:done:3:["x"]-->',
  '[[Some note]]',
  '```',
  '😀',
  '\uD800',
  '\uDFFF',
] as const;

/** Any single UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Text mixing arbitrary Unicode (astral, lone surrogates) with the nasty fragments. */
export const nastyText = (maxLength = 40): fc.Arbitrary<string> =>
  fc.string({
    unit: fc.oneof(
      { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
      { weight: 2, arbitrary: codeUnit },
      { weight: 2, arbitrary: fc.constantFrom(...NASTY_FRAGMENTS) },
    ),
    maxLength,
  });

/** JSON values exactly as JSON carries them (fast-check may produce -0, which JSON writes as 0). */
const jsonData = (maxDepth: number) => fc.jsonValue({ maxDepth }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);

const KNOWN_KEYS = new Set(['v', 'status', 'startedAt', 'answerStartedAt', 'endedAt', 'elapsedMs', 'pausedMs', 'steps', 'error', 'usage', 'id', 'kind', 'summary', 'detail', 'at', 'tool', 'thoughtType', 'confidence', 'name', 'args', 'durationMs', 'output', 'outputChars']);

/** Extra fields a later version might add: unknown keys holding any JSON value. */
const extraFields = fc.dictionary(
  nastyText(12).filter((key) => !KNOWN_KEYS.has(key) && key !== '__proto__'),
  jsonData(3),
  { maxKeys: 3, noNullPrototype: true },
);

const epochMs = fc.integer({ min: 0, max: 4_102_444_800_000 });
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Object.is(value, -0));

const toolCall = fc.oneof(
  fc.record({
    name: nastyText(20),
    args: fc.dictionary(nastyText(8).filter((key) => key !== '__proto__'), jsonData(2), { maxKeys: 3, noNullPrototype: true }),
    status: fc.constant('running' as const),
  }),
  fc.record(
    {
      name: nastyText(20),
      args: fc.dictionary(nastyText(8).filter((key) => key !== '__proto__'), jsonData(2), { maxKeys: 3, noNullPrototype: true }),
      status: fc.constantFrom('ok' as const, 'error' as const, 'cancelled' as const),
      durationMs: fc.nat(),
      output: nastyText(80),
      outputChars: fc.nat(),
    },
    { requiredKeys: ['name', 'args', 'status'] },
  ),
);

const step: fc.Arbitrary<ReasoningStep> = fc
  .tuple(
    fc.record(
      {
        id: nastyText(10),
        kind: fc.constantFrom('thought', 'tool', 'reasoning', 'input', 'reason', 'observe', 'notice'),
        summary: nastyText(40),
        detail: nastyText(80),
        at: epochMs,
        tool: toolCall,
        thoughtType: fc.constantFrom('planning', 'reasoning', 'reflection', 'decision', 'observation', 'critique'),
        confidence: fc.double({ min: 0, max: 1, noNaN: true }).filter((value) => !Object.is(value, -0)),
      },
      { requiredKeys: ['id', 'kind', 'summary', 'at'] },
    ),
    extraFields,
  )
  .map(([extra, known]) => ({ ...known, ...extra }));

/** Any valid version-1 payload, with nasty text everywhere and unknown extra fields. */
export const reasoningPayload: fc.Arbitrary<ReasoningPayload> = fc
  .tuple(
    fc.record(
      {
        v: fc.constant(1 as const),
        status: fc.constantFrom('reasoning', 'awaiting_input', 'collapsed', 'complete', 'stopped', 'error', 'max_iterations', 'budget'),
        startedAt: epochMs,
        answerStartedAt: epochMs,
        endedAt: epochMs,
        elapsedMs: finite,
        pausedMs: fc.nat(),
        steps: fc.array(step, { maxLength: 4 }),
        error: nastyText(60),
        usage: fc.record({ promptTokens: fc.nat(), completionTokens: fc.nat() }),
      },
      { requiredKeys: ['v', 'status', 'startedAt', 'elapsedMs', 'steps'] },
    ),
    extraFields,
  )
  .map(([known, extra]) => ({ ...extra, ...known }));

/** Answer text with no body markers of its own (no banners, no think tags): it must come back unchanged. */
export const plainAnswer: fc.Arbitrary<string> = nastyText(80).filter(
  (answer) => !answer.includes('<!--TOOL_CALL_') && !/<think/.test(answer),
);
