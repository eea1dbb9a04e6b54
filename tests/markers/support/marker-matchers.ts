import { MARKER_OPENINGS } from '../../../src/markers/marker-syntax';
import type { ParsedAssistantContent } from '../../../src/markers';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- @types/jest declares matchers in this namespace
  namespace jest {
    interface Matchers<R> {
      /** The visible text holds no marker opening and no `-->` (only for inputs without code fences). */
      toShowNoMarkerSyntax(): R;
      /** The visible text ends with `answer` (nothing of the answer was swallowed by a broken marker). */
      toKeepAnswer(answer: string): R;
    }
  }
}

function describe(parsed: ParsedAssistantContent): string {
  return JSON.stringify({ text: parsed.text, reasoningError: parsed.reasoningError, segments: parsed.segments.map((segment) => segment.type) });
}

expect.extend({
  toShowNoMarkerSyntax(parsed: ParsedAssistantContent) {
    const leaked = MARKER_OPENINGS.find((opening) => parsed.text.includes(opening)) ?? (parsed.text.includes('-->') ? '-->' : undefined);
    return {
      pass: leaked === undefined,
      message: () =>
        leaked === undefined ? `expected marker syntax in text, found none: ${describe(parsed)}` : `marker syntax "${leaked}" leaked into the visible text: ${describe(parsed)}`,
    };
  },
  toKeepAnswer(parsed: ParsedAssistantContent, answer: string) {
    const pass = parsed.text.endsWith(answer);
    return {
      pass,
      message: () => `expected the visible text to ${pass ? 'not ' : ''}end with the answer ${JSON.stringify(answer)}: ${describe(parsed)}`,
    };
  },
});

export {};
