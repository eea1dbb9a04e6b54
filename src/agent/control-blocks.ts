/**
 * Lenient readers for the JSON control blocks of the reason-act-observe loop. Models wrap the
 * JSON in fences or prose, add trailing commas, or write booleans as strings; all of that is
 * accepted. Anything that still does not read as an object is reported as `ok: false`, and
 * the caller treats the reply as plain text. Never throws.
 */

/** The reason phase's block: `{plan, tools_to_consider, finish}`. */
export interface ReasonControl {
  readonly plan: string;
  readonly toolsToConsider: readonly string[];
  readonly finish: boolean;
}

/** The observe phase's block: `{observation, should_continue, final_answer}`. */
export interface ObserveControl {
  readonly observation: string;
  readonly shouldContinue: boolean;
  readonly finalAnswer: string;
}

/** A parsed control block with the prose around it, or a failure. */
export type ControlBlockResult<T> = { readonly ok: true; readonly value: T; readonly prose: string } | { readonly ok: false };

/** Reads a reason-phase reply. */
export function parseReasonControl(text: string): ControlBlockResult<ReasonControl> {
  const block = findJsonObject(text);
  if (block === null) return { ok: false };
  const { object, prose } = block;
  const plan = asString(object.plan);
  if (plan === undefined && object.finish === undefined) return { ok: false };
  return {
    ok: true,
    prose,
    value: { plan: plan ?? '', toolsToConsider: asStringList(object.tools_to_consider), finish: asBoolean(object.finish) ?? false },
  };
}

/** Reads an observe-phase reply. */
export function parseObserveControl(text: string): ControlBlockResult<ObserveControl> {
  const block = findJsonObject(text);
  if (block === null) return { ok: false };
  const { object, prose } = block;
  const shouldContinue = asBoolean(object.should_continue);
  const observation = asString(object.observation);
  if (shouldContinue === undefined && observation === undefined) return { ok: false };
  return {
    ok: true,
    prose,
    value: { observation: observation ?? '', shouldContinue: shouldContinue ?? true, finalAnswer: asString(object.final_answer) ?? '' },
  };
}

/** The last balanced `{...}` in `text` that parses as a JSON object, and the text around it. */
function findJsonObject(text: string): { object: Record<string, unknown>; prose: string } | null {
  let end = text.lastIndexOf('}');
  // A few candidates from the end are plenty for a reply; the bound keeps this linear.
  for (let tries = 0; end >= 0 && tries < 8; tries += 1) {
    const start = matchingOpen(text, end);
    if (start >= 0) {
      const object = parseObject(text.slice(start, end + 1));
      if (object !== null) {
        const prose = `${text.slice(0, start)}${text.slice(end + 1)}`.replace(/```(?:json)?/g, '').trim();
        return { object, prose };
      }
    }
    end = text.lastIndexOf('}', end - 1);
  }
  return null;
}

/** Walks back from the `}` at `end` to its `{`, skipping braces inside strings. Linear. */
function matchingOpen(text: string, end: number): number {
  // Scan forward once to know which characters are inside strings, then balance backwards.
  let depth = 0;
  let inString = false;
  const opens: number[] = [];
  for (let index = 0; index <= end; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') {
      opens.push(index);
      depth += 1;
    } else if (char === '}' && depth > 0) {
      depth -= 1;
      const open = opens.pop() ?? -1;
      if (index === end) return open;
    }
  }
  return -1;
}

function parseObject(json: string): Record<string, unknown> | null {
  for (const candidate of [json, json.replace(/,\s*([}\]])/g, '$1')]) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Not JSON in this form; try the next repair.
    }
  }
  return null;
}

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === 'true' || word === 'yes') return true;
    if (word === 'false' || word === 'no') return false;
  }
  return undefined;
}

function asStringList(value: unknown): readonly string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string') return value.split(',').map((item) => item.trim()).filter((item) => item !== '');
  return [];
}
