/**
 * What a question asks to write, read the way the extractive model reads everything: by a few
 * patterns, deterministically. "Create a note called Offsite ideas: …", "Append "…" to [[Home]]",
 * "In [[2026-10-08 Weekly sync]], change €120 to €140 and twelve to fourteen".
 */

/** One replacement of an edit: `from` becomes `to`. */
export interface TextChange {
  readonly from: string;
  readonly to: string;
}

/** A write the question asks for; `target` is the note's name as typed (a [[link]] or a name), when one was. */
export type WriteRequest =
  | { readonly kind: 'create'; readonly target: string; readonly folder?: string; readonly content?: string; readonly topic?: string }
  | { readonly kind: 'append'; readonly target?: string; readonly content?: string; readonly topic?: string }
  | { readonly kind: 'edit'; readonly target?: string; readonly changes: readonly TextChange[] };

const QUOTED = /"([^"]+)"|“([^”]+)”/;
const NOTE_NAME_END = /(?=\s+(?:with|about|in|on|listing|saying|that|containing|summari[sz]ing)\b|[:,.!?]|$)/.source;

/** The write the question asks for, or undefined when it asks for none. */
export function writeRequest(question: string): WriteRequest | undefined {
  const text = question.trim();
  const link = /\[\[([^\]|#]+)(?:[#|][^\]]*)?\]\]/.exec(text)?.[1]?.trim();
  // Only requests: the verb comes first ("Create a note…", "In [[X]], change…"), not inside a question.
  if (/^(?:please\s+)?(?:create|make|start|write)\b[^.?!:]*?\bnote\b/i.test(text)) {
    const named = new RegExp(`\\b(?:called|named|titled)\\s+(?:"([^"]+)"|“([^”]+)”|(.+?)${NOTE_NAME_END})`, 'i').exec(text);
    const target = link ?? named?.[1] ?? named?.[2] ?? named?.[3]?.trim();
    if (!target) return undefined;
    const folder = /\bin\s+(?:the\s+)?([^\s"“[\]]+)\/(?=[\s,.:!?]|$)/i.exec(text)?.[1];
    return { kind: 'create', target, ...(folder ? { folder } : {}), ...contentOrTopic(text, /\b(?:about|on|listing|summari[sz]ing|with)\s+(.+)$/i) };
  }
  if (/^(?:please\s+)?(?:append|add)\b/i.test(text) && /\bto\b/i.test(text)) {
    return { kind: 'append', ...(link ? { target: link } : {}), ...contentOrTopic(text, /^(?:please\s+)?(?:append|add)\s+(.+?)\s+(?:to|at the end of)\s+(?:\[\[|this\b|the\b|my\b)/i) };
  }
  const edit = /^(?:in\s+(?:\[\[[^\]]*\]\]|this note),?\s*|please\s+)?(?:replace|change|edit|update|correct)\b\s*([\s\S]*)$/i.exec(text);
  if (edit) {
    const changes = textChanges(edit[1].replace(/\bin\s+\[\[[^\]]*\]\],?/gi, ' ').replace(/\bin\s+(?:this|the)\s+note\b,?/gi, ' '));
    if (changes.length > 0) return { kind: 'edit', ...(link ? { target: link } : {}), changes };
  }
  return undefined;
}

/** The text to write (quoted, or after the first colon), else the topic the matching pattern names. */
function contentOrTopic(text: string, topicPattern: RegExp): { content?: string; topic?: string } {
  const quoted = QUOTED.exec(text);
  if (quoted) return { content: quoted[1] ?? quoted[2] };
  const colon = text.indexOf(':');
  if (colon !== -1 && text.slice(colon + 1).trim() !== '') return { content: text.slice(colon + 1).trim() };
  const topic = topicPattern.exec(text)?.[1]?.replace(/[?.!]+$/, '').trim();
  return topic ? { topic } : {};
}

/** `"a" with "b"`, `a to b and c to d`: the replacements an edit asks for. */
function textChanges(text: string): TextChange[] {
  const quoted = [...text.matchAll(/(?:"([^"]+)"|“([^”]+)”)\s+(?:with|to|into|by)\s+(?:"([^"]*)"|“([^”]*)”)/g)];
  if (quoted.length > 0) return quoted.map((match) => ({ from: match[1] ?? match[2], to: match[3] ?? match[4] ?? '' }));
  const changes: TextChange[] = [];
  for (const piece of text.replace(/[.!?]+\s*$/, '').split(/\s*(?:,|\band\b)\s*/)) {
    const match = /^(?:replace|change|update)?\s*(\S+(?:\s+\S+){0,3}?)\s+(?:to|with|into|by)\s+(.+)$/i.exec(piece.trim());
    if (match) changes.push({ from: match[1], to: match[2].trim() });
  }
  return changes;
}
