import * as z from 'zod/v4';
import type { AgentTool } from '../agent';
import { parseConversationNote, shownMessages } from '../conversation';
import { parseAssistantContent } from '../markers';
import type { VaultSource } from '../search';
import { isInsideFolder } from '../search/folder-excluding-source';
import { t, tCount } from '../i18n';
import { searchConversationTurns, type ConversationTurn, type ScoredTurn } from './conversation-turn-search';

const schema = z.object({
  query: z.string().describe('What was discussed, in the words the conversation would use.'),
  timeRange: z
    .object({ start: z.number().describe('Epoch ms, inclusive.'), end: z.number().describe('Epoch ms, inclusive.') })
    .optional()
    .describe('Optional: only questions asked in this range (get one from getTimeRange, e.g. for "last week").'),
  limit: z.number().int().min(1).max(10).optional().describe('Most results, 1-10; default 5.'),
});

/** Longest part of an answer a result shows: enough to recall it, short enough for many results. */
const ANSWER_EXCERPT_CHARS = 400;

/**
 * `searchConversations`: earlier Glassbox conversations, their questions and answers (not their
 * traces), for "what did we discuss about X last week" (DESIGN.md 13.5). Ordinary vault search
 * never shows the conversations folder; this is the one way the agent reads it.
 */
export function createSearchConversationsTool(options: { source: VaultSource; folder: () => string }): AgentTool<typeof schema> {
  return {
    name: 'searchConversations',
    readOnly: true,
    description: 'Search earlier conversations with Glassbox (their questions and answers) for what was discussed. For what the notes themselves say, use localSearch.',
    schema,
    describeStart: (args) => t('trace.searchingConversations', { query: args.query }),
    describeEnd: (args, result) => {
      const count = (result.data as { count?: number } | undefined)?.count ?? 0;
      return count === 0 ? t('trace.noConversationsFound', { query: args.query }) : tCount('trace.foundConversations', count);
    },
    async execute(args, context) {
      const turns = (await readTurns(options.source, options.folder(), context.signal)).filter(
        (turn) => args.timeRange === undefined || (turn.at !== null && turn.at >= args.timeRange.start && turn.at <= args.timeRange.end),
      );
      const found = searchConversationTurns(turns, args.query).slice(0, args.limit ?? 5);
      return { output: formatFound(args.query, found), data: { count: found.length } };
    },
  };
}

async function readTurns(source: VaultSource, folder: string, signal: AbortSignal): Promise<ConversationTurn[]> {
  const turns: ConversationTurn[] = [];
  for (const note of await source.listNotes()) {
    if (signal.aborted) break;
    if (!isInsideFolder(note.path, folder) || !note.path.toLowerCase().endsWith('.md')) continue;
    const text = await source.read(note.path).catch(() => null);
    const parsed = text === null ? null : parseConversationNote(text);
    if (parsed === null || !parsed.ok) continue;
    const title = parsed.value.title !== '' ? parsed.value.title : note.path.slice(note.path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
    let question: { content: string; at: number | null } | null = null;
    for (const message of shownMessages(parsed.value.messages)) {
      if (message.role === 'user') {
        question = message;
        continue;
      }
      if (question === null) continue;
      turns.push({ note: note.path, title, at: question.at, question: question.content.trim(), answer: parseAssistantContent(message.content).text.trim() });
      question = null;
    }
  }
  return turns;
}

function formatFound(query: string, found: readonly ScoredTurn[]): string {
  if (found.length === 0) return `No earlier conversation found for "${query}".`;
  const blocks = found.map(({ turn }, index) => {
    const day = turn.at === null ? '' : ` · asked ${new Date(turn.at).toISOString().slice(0, 10)}`;
    const answer = turn.answer.length > ANSWER_EXCERPT_CHARS ? `${turn.answer.slice(0, ANSWER_EXCERPT_CHARS)}…` : turn.answer;
    return `${index + 1}. [[${turn.title}]] (${turn.note})${day}\n   Question: ${oneLine(turn.question)}\n   Answer: ${oneLine(answer)}`;
  });
  return `Found ${found.length} earlier ${found.length === 1 ? 'exchange' : 'exchanges'} for "${query}":\n${blocks.join('\n')}\n\nThese are earlier answers, not notes: check what they say against the notes before relying on it.`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ');
}
