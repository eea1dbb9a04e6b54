import { entryValue, readFrontmatterBlock } from './frontmatter';
import { classifyLine } from './note-lines';
import { splitNoteLines } from './read-glassbox-note';

/**
 * Every frontmatter property of a note as plain JSON data (what `glassbox inspect` prints):
 * scalars typed as YAML types them, lists of scalars as arrays, anything richer as its YAML text.
 */
export function readNoteFrontmatter(text: string): Record<string, unknown> {
  const { lines } = splitNoteLines(text);
  const block = readFrontmatterBlock(lines, (line) => classifyLine(line).type === 'header');
  const properties: Record<string, unknown> = {};
  for (const entry of block.entries) if (entry.key !== '') properties[entry.key] = entryValue(entry);
  return properties;
}
