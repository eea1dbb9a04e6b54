import { entryString, readFrontmatterBlock } from '../conversation';

/** A custom prompt: one note of a prompts folder (DESIGN.md 12.4). */
export interface PromptNote {
  /** The note's name without `.md`: what `/`, the palette and `--prompt` call it. */
  readonly name: string;
  readonly path: string;
  /** Frontmatter `description`: one line shown beside the name in the `/` menu. */
  readonly description?: string;
  /** Frontmatter `model`: the model this prompt runs with, over the chat's. */
  readonly model?: string;
  /** Frontmatter `loop`: `tools` or `reason-act-observe`. */
  readonly loop?: 'tools' | 'reason-act-observe';
  /** The body after the frontmatter, variables not yet filled. */
  readonly template: string;
}

/**
 * Reads a prompt note. Every field but the template is optional, so a Copilot prompt file (a plain
 * note, its frontmatter holding Copilot's own keys) reads unchanged; unknown keys are ignored and an
 * unknown `loop` value is left out rather than refused.
 */
export function parsePromptNote(path: string, text: string): PromptNote {
  const lines = text.split('\n');
  const block = readFrontmatterBlock(lines, () => false);
  const field = (key: string): string | undefined => {
    const entry = block.entries.find((candidate) => candidate.key === key);
    const value = entry === undefined ? null : entryString(entry);
    return value === null || value.trim() === '' ? undefined : value.trim();
  };
  const loop = field('loop');
  const description = field('description');
  const model = field('model');
  return {
    name: path.replace(/^.*\//, '').replace(/\.md$/i, ''),
    path,
    ...(description !== undefined ? { description } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(loop === 'tools' || loop === 'reason-act-observe' ? { loop } : {}),
    template: lines.slice(block.closeLine >= 0 ? block.bodyStart : 0).join('\n').trim(),
  };
}
