import { FenceTracker } from '../markers';
import { classifyLine } from './note-lines';
import { readGlassboxNote } from './read-glassbox-note';

/** A part of a conversation note only Glassbox reads: a range of the note's text, in UTF-16 offsets. */
export type NoteMachineRange =
  /** The reasoning marker an answer starts with (one line); `marker` is its text. */
  | { readonly kind: 'reasoning'; readonly from: number; readonly to: number; readonly marker: string }
  /** A `GLASSBOX_MESSAGE` trailer line. */
  | { readonly kind: 'trailer'; readonly from: number; readonly to: number }
  /** A legacy `TOOL_CALL_START` / `TOOL_CALL_END` comment inside an answer (DESIGN.md 3.2). */
  | { readonly kind: 'legacy'; readonly from: number; readonly to: number };

const REASONING_PREFIXES = ['<!--REASONING_BLOCK:', '<!--AGENT_REASONING:'];
const LEGACY_PREFIXES = ['<!--TOOL_CALL_START:', '<!--TOOL_CALL_END:'];

/**
 * Where the machine parts of a Glassbox conversation note are, for an editor that shows them as
 * the chat does (Live Preview): each answer's leading reasoning marker, each trailer, and legacy
 * tool-call comments outside code fences. Only notes Glassbox saved (role headers and an `id`);
 * anything else gives no range. Linear in the note's length; never throws.
 */
export function findNoteMachineRanges(text: string): NoteMachineRange[] {
  const reading = readGlassboxNote(text, { checkMarkers: false });
  if (!reading.hasMessages || reading.conversation.id === '') return [];
  const { lines, sections } = reading.layout;
  // Offsets of each line start; the layout may have folded CRLF, so count the note's own breaks.
  const crlf = reading.layout.eol === '\r\n' ? 1 : 0;
  const starts: number[] = [];
  let offset = text.startsWith('\uFEFF') ? 1 : 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1 + crlf;
  }
  const ranges: NoteMachineRange[] = [];
  sections.forEach((section, index) => {
    const assistant = reading.conversation.messages[index].role === 'assistant';
    const bodyEnd = section.trailerLine >= 0 ? section.trailerLine : section.endLine;
    if (assistant) {
      let first = section.headerLine + 1;
      while (first < bodyEnd && lines[first].trim() === '') first += 1;
      const line = lines[first] ?? '';
      if (first < bodyEnd && REASONING_PREFIXES.some((prefix) => line.trimStart().startsWith(prefix))) {
        ranges.push({ kind: 'reasoning', from: starts[first], to: starts[first] + line.length, marker: line });
      }
      const fences = new FenceTracker();
      for (let number = first; number < bodyEnd; number += 1) {
        const wasInside = fences.inside;
        fences.feed(lines[number]);
        if (!wasInside && !fences.inside) ranges.push(...legacyComments(lines[number], starts[number]));
      }
    }
    if (section.trailerLine >= 0 && classifyLine(lines[section.trailerLine]).type === 'trailer') {
      ranges.push({ kind: 'trailer', from: starts[section.trailerLine], to: starts[section.trailerLine] + lines[section.trailerLine].length });
    }
  });
  return ranges;
}

function legacyComments(line: string, lineStart: number): NoteMachineRange[] {
  const found: NoteMachineRange[] = [];
  let at = line.indexOf('<!--');
  while (at >= 0) {
    const end = line.indexOf('-->', at + 4);
    if (end < 0) break;
    if (LEGACY_PREFIXES.some((prefix) => line.startsWith(prefix, at))) found.push({ kind: 'legacy', from: lineStart + at, to: lineStart + end + 3 });
    at = line.indexOf('<!--', end + 3);
  }
  return found;
}
