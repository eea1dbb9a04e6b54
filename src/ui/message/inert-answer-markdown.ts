import { neutraliseMessageText } from '../../conversation';
import { FenceTracker } from '../../markers';
import { inertCodeFences } from './inert-code-fences';

/**
 * One Markdown block of an answer as the chat view and the reading view hand it to Obsidian's
 * renderer: nothing in it that another plugin runs or that loads by itself
 * (docs/decisions/inert-answer-code.md). Fences lose a runnable language and inline queries are
 * broken (inert-code-fences.ts); then the block is neutralised as the note stores it (raw HTML
 * and Templater tags as text, images as links that offer-remote-images.ts turns into "Load image"
 * buttons). A block that is one whole fenced code block, rendered on its own, is code to any
 * Markdown parser: only its Templater tags are broken (Templater reads code too), so HTML in a
 * code sample copies out as written.
 */
export function inertAnswerMarkdown(markdown: string): string {
  // A lone `\r` ends a line for Obsidian's renderer and CodeMirror as `\n` does; what is shown need not keep the bytes.
  const fenced = inertCodeFences(markdown.replace(/\r\n?/g, '\n'));
  return isOneFencedBlock(fenced) ? fenced.replace(/<(?=%)/g, '<\u200b') : neutraliseMessageText(fenced);
}

/** Whether the text is exactly one top-level fenced code block: opened on its first line, closed on its last. */
function isOneFencedBlock(markdown: string): boolean {
  const lines = markdown.split('\n');
  const tracker = new FenceTracker();
  if (lines.length < 2 || !tracker.feed(lines[0])) return false;
  for (let index = 1; index < lines.length; index += 1) {
    tracker.feed(lines[index]);
    if (!tracker.inside) return index === lines.length - 1;
  }
  return false;
}
