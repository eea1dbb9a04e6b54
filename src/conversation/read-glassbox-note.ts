import { formatAttachmentsLine } from './attachments-line';
import { readLeadingMarker } from '../markers';
import type { Conversation, ConversationMessage, ConversationRole, FrontmatterEntry } from './conversation';
import type { ConversationWarning } from './conversation-warning';
import { entryString, readFrontmatterBlock, readTime, type FrontmatterBlock } from './frontmatter';
import { classifyLine, parseHeaderTime, unescapeMessageLine } from './note-lines';
import { restoreMessageLine, restoreMessageText } from './inert-message-text';
import { readTrailer } from './message-trailer';
import { hasInlineToolResults, resolveTranscript } from './stored-transcript';
import { titleFromQuestion } from './note-name';
import { RUN_PROPERTY_KEYS } from './run-properties';

/** Where one message sits in the note (0-based lines, end exclusive). */
export interface NoteSection {
  readonly headerLine: number;
  /** The trailer's line, or -1 when the section has none (typed by hand). */
  readonly trailerLine: number;
  /** First line of the next section (or the end of the note). */
  readonly endLine: number;
  /**
   * The trailer stores a tool result inline that its block may already show (the format before
   * issue 15, or a result the writer could not refer to); a save tries to upgrade it.
   */
  readonly inlineToolResults: boolean;
}

type MutableSection = { -readonly [K in keyof NoteSection]: NoteSection[K] };

/** The note split into its parts, for a save that rewrites only what it must. */
export interface NoteLayout {
  /** The note's lines, CRLF already folded to LF when the whole note used CRLF. */
  readonly lines: readonly string[];
  readonly frontmatter: FrontmatterBlock;
  /** One per message, in order. */
  readonly sections: readonly NoteSection[];
  /** The note's line ending, so a save writes back what it found. */
  readonly eol: '\n' | '\r\n';
}

/** The result of reading a note in the Glassbox format. */
export interface GlassboxNoteReading {
  readonly conversation: Conversation;
  readonly warnings: readonly ConversationWarning[];
  readonly layout: NoteLayout;
  /** Whether any role header was found. */
  readonly hasMessages: boolean;
}

// The run properties are derived from the answers on every save, never read back.
const KNOWN_KEYS = new Set<string>(['id', 'title', 'created', 'updated', 'model', ...RUN_PROPERTY_KEYS]);

/**
 * Splits a note into lines, folding CRLF when the note as a whole is CRLF (its first line ends in
 * `\r\n`, as after a Windows checkout). A note Glassbox wrote is LF, so a `\r` in message text stays.
 */
export function splitNoteLines(text: string): { lines: string[]; eol: '\n' | '\r\n' } {
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstBreak = withoutBom.indexOf('\n');
  const crlf = firstBreak > 0 && withoutBom[firstBreak - 1] === '\r';
  return { lines: (crlf ? withoutBom.replace(/\r\n/g, '\n') : withoutBom).split('\n'), eol: crlf ? '\r\n' : '\n' };
}

/** Options of {@link readGlassboxNote}. */
export interface ReadGlassboxNoteOptions {
  /**
   * Parse every answer's marker to warn about unreadable reasoning (default true). Callers that
   * only need the layout (the save merge) or parse the markers themselves skip it.
   */
  readonly checkMarkers?: boolean;
}

/** Reads a note in the Glassbox format (docs/conversation-format.md). Never throws. */
export function readGlassboxNote(text: string, options: ReadGlassboxNoteOptions = {}): GlassboxNoteReading {
  const { lines, eol } = splitNoteLines(text);
  const warnings: ConversationWarning[] = [];
  const frontmatter = readFrontmatterBlock(lines, (line) => classifyLine(line).type === 'header');
  if (frontmatter.openLine === 0 && frontmatter.closeLine < 0) {
    warnings.push({ code: 'frontmatter_unclosed', line: 1, message: 'The properties block at the top of the note has no closing "---"; Glassbox read what it could.' });
  }
  const sections = findSections(lines, frontmatter.bodyStart);
  const checkMarkers = options.checkMarkers ?? true;
  const messages = sections.map((section) => readSection({ lines, section, warnings, checkMarkers }));
  const known = readKnownKeys(frontmatter.entries, warnings);
  const firstUser = messages.find((message) => message.role === 'user');
  const createdAt = known.created ?? messages.find((message) => message.at !== null)?.at ?? 0;
  const conversation: Conversation = {
    id: known.id ?? '',
    title: known.title ?? titleFromQuestion(firstUser?.content ?? ''),
    createdAt,
    updatedAt: known.updated ?? createdAt,
    model: known.model ?? '',
    messages,
    extraFrontmatter: frontmatter.entries.filter((entry) => !KNOWN_KEYS.has(entry.key)).map(({ key, text: entryText }) => ({ key, text: entryText })),
  };
  if (known.id === undefined && sections.length > 0) {
    warnings.push({ code: 'missing_id', message: 'This conversation note has no id property; Glassbox adds one the next time it saves the chat.' });
  }
  return { conversation, warnings, layout: { lines, frontmatter, sections, eol }, hasMessages: sections.length > 0 };
}

function findSections(lines: readonly string[], bodyStart: number): MutableSection[] {
  const sections: MutableSection[] = [];
  for (let index = bodyStart; index < lines.length; index += 1) {
    const kind = classifyLine(lines[index]).type;
    if (kind === 'header') {
      const previous = sections[sections.length - 1];
      if (previous !== undefined) previous.endLine = index;
      sections.push({ headerLine: index, trailerLine: -1, endLine: lines.length, inlineToolResults: false });
    } else if (kind === 'trailer') {
      const current = sections[sections.length - 1];
      // The first trailer closes the section; a second one can only come from a hand edit.
      if (current !== undefined && current.trailerLine < 0) current.trailerLine = index;
    }
  }
  return sections;
}

function readSection({ lines, section, warnings, checkMarkers }: { lines: readonly string[]; section: MutableSection; warnings: ConversationWarning[]; checkMarkers: boolean }): ConversationMessage {
  const header = classifyLine(lines[section.headerLine]);
  const role: ConversationRole = header.type === 'header' ? header.role : 'user';
  const label = header.type === 'header' ? header.label : '';
  const bodyEnd = section.trailerLine >= 0 ? section.trailerLine : section.endLine;
  const body = lines.slice(section.headerLine + 1, bodyEnd).map(unescapeMessageLine);
  if (body[0] === '') body.shift();
  const trailerResult = section.trailerLine >= 0 ? readTrailer(lines[section.trailerLine]) : { trailer: null, problems: [] };
  const trailer = trailerResult.trailer;
  if (section.trailerLine >= 0) {
    if (body[body.length - 1] === '') body.pop();
  } else {
    while (body.length > 0 && body[body.length - 1].trim() === '') body.pop();
  }
  if (trailer?.attachments !== undefined && body[body.length - 1] === formatAttachmentsLine(trailer.attachments) && body[body.length - 2] === '') body.splice(-2);
  if (trailer?.fence !== undefined && body[body.length - 1] === trailer.fence) body.pop();
  let content = body.map(restoreMessageLine).join('\n');
  // Text a person typed after the trailer still belongs to this message.
  if (section.trailerLine >= 0) {
    const after = lines.slice(section.trailerLine + 1, section.endLine).map((line) => restoreMessageLine(unescapeMessageLine(line))).join('\n').trim();
    if (after !== '') content = content === '' ? after : `${content}\n\n${after}`;
  }
  for (const problem of trailerResult.problems) {
    warnings.push({ code: 'message_metadata', line: section.trailerLine + 1, message: `A message's saved details could not all be read (${problem}); its text is shown as written.` });
  }
  const message: { -readonly [K in keyof ConversationMessage]: ConversationMessage[K] } = {
    role,
    at: trailer !== null ? trailer.at : parseHeaderTime(label),
    content,
  };
  if (trailer?.id !== undefined) message.id = trailer.id;
  if (trailer?.transcript !== undefined) {
    section.inlineToolResults = hasInlineToolResults(trailer.transcript);
    const resolved = resolveTranscript(trailer.transcript, { content, role });
    message.transcript = resolved.transcript;
    if (resolved.unresolved > 0) {
      warnings.push({ code: 'message_metadata', line: section.trailerLine + 1, message: `${resolved.unresolved === 1 ? 'One tool result' : `${resolved.unresolved} tool results`} of an answer pointed to reasoning steps that are no longer in the note; the model is told the output is gone.` });
    }
  }
  if (trailer?.pendingInput !== undefined) message.pendingInput = trailer.pendingInput;
  if (trailer?.context !== undefined) message.context = trailer.context;
  if (trailer?.attachments !== undefined) message.attachments = trailer.attachments;
  if (trailer?.alternateOf !== undefined && role === 'assistant') message.alternateOf = trailer.alternateOf;
  if (trailer?.shownAt !== undefined && role === 'assistant') message.shownAt = trailer.shownAt;
  if (checkMarkers && role === 'assistant' && readLeadingMarker(content).reasoningError) {
    warnings.push({ code: 'reasoning_unreadable', line: section.headerLine + 1, message: 'The reasoning of one answer could not be read; it shows as "Reasoning unavailable" and the answer is kept.' });
  }
  return message;
}

interface KnownKeys {
  id?: string;
  title?: string;
  model?: string;
  created?: number;
  updated?: number;
}

function readKnownKeys(entries: readonly FrontmatterEntry[], warnings: ConversationWarning[]): KnownKeys {
  const known: KnownKeys = {};
  for (const entry of entries) {
    switch (entry.key) {
      case 'id':
      case 'title':
      case 'model': {
        const value = entryString(entry);
        if (value === null) warnings.push(unreadable(entry.key));
        // The title and model are stored neutralised like message text (serialize-note.ts).
        else known[entry.key] = entry.key === 'id' ? value : restoreMessageText(value);
        break;
      }
      case 'created':
      case 'updated': {
        const value = readTime(entry);
        if (value === null) warnings.push(unreadable(entry.key));
        else known[entry.key] = value;
        break;
      }
      default:
        break;
    }
  }
  return known;
}

function unreadable(key: string): ConversationWarning {
  return { code: 'frontmatter_value', message: `The "${key}" property could not be read; Glassbox used a default and left the property as it is.` };
}
