import { citedNotes, readLeadingMarker } from '../markers';
import { shownMessages } from './answer-alternates';
import type { Conversation, ConversationMessage } from './conversation';
import { yamlDoubleQuoted, yamlString } from './yaml-scalar';

/** The frontmatter keys Glassbox derives from a conversation's runs (DESIGN.md 12.3), in the order it writes them. */
export const RUN_PROPERTY_KEYS = ['status', 'duration', 'tokens', 'cited'] as const;

/** What one answer adds to the properties. */
interface TurnFacts {
  readonly status: string | null;
  readonly durationMs: number;
  readonly tokens: number | null;
  readonly cited: readonly string[];
}

// Messages are immutable: a save after each turn reads only the new answer's marker.
const factsCache = new WeakMap<ConversationMessage, TurnFacts>();

/**
 * The properties a Base of conversations shows, as frontmatter entries (key, YAML lines):
 * `status` of the last run, `duration` of all runs in whole seconds (sent to ended, without the
 * time spent waiting for an answer), `tokens` in + out of all runs that reported usage, and
 * `cited`: the notes the answers link (`[[wikilinks]]`, each once, as links Obsidian resolves), only
 * those `resolvesNote` finds in the vault and never a target no note can be named (`<%` in one is a
 * Templater command in the created note's text).
 * Of a regenerated turn's answers, `status` and `cited` go by the one shown; `duration` and
 * `tokens` count every run, since each was spent. Derived on every save, so an older note gets them on its next one; a key with nothing to say
 * (no run yet, no usage reported) is left out rather than written as 0.
 */
export function runProperties(conversation: Conversation, resolvesNote?: (target: string) => boolean): (readonly [key: (typeof RUN_PROPERTY_KEYS)[number], lines: readonly string[]])[] {
  const turns = conversation.messages.filter((message) => message.role === 'assistant').map(turnFacts);
  const runs = turns.filter((turn) => turn.status !== null);
  const shown = shownMessages(conversation.messages).filter((message) => message.role === 'assistant').map(turnFacts);
  const properties: (readonly [(typeof RUN_PROPERTY_KEYS)[number], readonly string[]])[] = [];
  const last = shown.filter((turn) => turn.status !== null).at(-1);
  if (last?.status != null) properties.push(['status', [`status: ${yamlString(last.status)}`]]);
  if (runs.length > 0) properties.push(['duration', [`duration: ${Math.round(runs.reduce((sum, turn) => sum + turn.durationMs, 0) / 1000)}`]]);
  const counted = runs.filter((turn) => turn.tokens !== null);
  if (counted.length > 0) properties.push(['tokens', [`tokens: ${counted.reduce((sum, turn) => sum + (turn.tokens ?? 0), 0)}`]]);
  const seen = new Set<string>();
  const cited: string[] = [];
  for (const note of shown.flatMap((turn) => turn.cited)) {
    const key = note.toLowerCase();
    if (seen.has(key) || !couldNameNote(note) || (resolvesNote !== undefined && !resolvesNote(note))) continue;
    seen.add(key);
    cited.push(note);
  }
  properties.push(['cited', cited.length === 0 ? ['cited: []'] : ['cited:', ...cited.map((note) => `  - ${yamlDoubleQuoted(`[[${note}]]`)}`)]]);
  return properties;
}

/** Obsidian refuses these in a note's name (and a link target holds no `[`, `]` or line break). */
const NOT_IN_A_NOTE_NAME = /[<>:"|?*\\[\]\r\n\u200b]/;

function couldNameNote(target: string): boolean {
  return !NOT_IN_A_NOTE_NAME.test(target);
}

function turnFacts(message: ConversationMessage): TurnFacts {
  const cached = factsCache.get(message);
  if (cached !== undefined) return cached;
  const marker = readLeadingMarker(message.content);
  const payload = marker.reasoning;
  // A cited heading or block is a citation of its note.
  const cited = citedNotes(message.content.slice(marker.bodyStart)).map((target) => target.replace(/#.*$/, '').trim()).filter((target) => target !== '');
  const facts: TurnFacts =
    payload === null || payload.legacyFormat !== undefined
      ? { status: null, durationMs: 0, tokens: null, cited }
      : {
          status: payload.status,
          durationMs: Math.max(0, (payload.endedAt ?? payload.startedAt + payload.elapsedMs) - payload.startedAt - (payload.pausedMs ?? 0)),
          tokens: payload.usage === undefined ? null : payload.usage.promptTokens + payload.usage.completionTokens,
          cited,
        };
  factsCache.set(message, facts);
  return facts;
}
