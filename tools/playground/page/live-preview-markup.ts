import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import type { Range } from '@codemirror/state';

const formatting = Decoration.mark({ class: 'cm-formatting' });
const strong = Decoration.mark({ class: 'cm-strong' });
const internalLink = Decoration.mark({ class: 'cm-hmd-internal-link' });
const frontmatter = Decoration.line({ class: 'cm-hmd-frontmatter' });
const headings = [1, 2, 3, 4, 5, 6].map((level) => Decoration.line({ class: `HyperMD-header HyperMD-header-${level}` }));

/** Inline markup of one line: `**bold**`, `` `code` ``, `[[links]]`, list bullets and table pipes. */
function inlineMarks(text: string, from: number, ranges: Range<Decoration>[]): void {
  const mark = (decoration: Decoration, start: number, end: number): void => {
    if (end > start) ranges.push(decoration.range(from + start, from + end));
  };
  const bullet = /^(\s*)([-*+]|\d+[.)])(\s+)(\[[ xX]\]\s+)?/.exec(text);
  if (bullet) mark(formatting, bullet[1].length, bullet[0].length);
  for (const match of text.matchAll(/\*\*([^*]+)\*\*/g)) {
    mark(formatting, match.index, match.index + 2);
    mark(strong, match.index + 2, match.index + 2 + match[1].length);
    mark(formatting, match.index + 2 + match[1].length, match.index + match[0].length);
  }
  for (const match of text.matchAll(/\[\[([^\]]+)\]\]/g)) {
    mark(formatting, match.index, match.index + 2);
    mark(internalLink, match.index + 2, match.index + 2 + match[1].length);
    mark(formatting, match.index + 2 + match[1].length, match.index + match[0].length);
  }
  for (const match of text.matchAll(/`[^`]+`|\|/g)) {
    if (match[0] === '|') mark(formatting, match.index, match.index + 1);
    else {
      mark(formatting, match.index, match.index + 1);
      mark(formatting, match.index + match[0].length - 1, match.index + match[0].length);
    }
  }
}

/** Decorations for the visible lines: headings sized by level, front matter and markup dimmed. */
function markup(view: EditorView): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  const { doc } = view.state;
  // The front matter: from a first line `---` to the next `---`.
  let frontmatterEnd = 0;
  if (doc.lines > 1 && doc.line(1).text === '---') {
    for (let number = 2; number <= doc.lines; number += 1) {
      if (doc.line(number).text === '---') {
        frontmatterEnd = number;
        break;
      }
    }
  }
  for (const { from, to } of view.visibleRanges) {
    for (let position = from; position <= to; ) {
      const line = doc.lineAt(position);
      if (line.number <= frontmatterEnd) ranges.push(frontmatter.range(line.from));
      else {
        const heading = /^(#{1,6})\s/.exec(line.text);
        if (heading) {
          ranges.push(headings[heading[1].length - 1].range(line.from));
          ranges.push(formatting.range(line.from, line.from + heading[0].length));
        } else inlineMarks(line.text, line.from, ranges);
      }
      position = line.to + 1;
    }
  }
  return Decoration.set(ranges, true);
}

/**
 * The playground's stand-in for Obsidian's Markdown highlighting in Live Preview: its line and
 * token classes (`HyperMD-header-N`, `cm-formatting`, `cm-strong`, `cm-hmd-internal-link`,
 * `cm-hmd-frontmatter`), which `theme.css` styles as Obsidian's default theme does, so the pane
 * reads as a note rather than raw source. Not part of the plugin.
 */
export const livePreviewMarkup = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = markup(view);
    }
    update(update: ViewUpdate): void {
      if (update.docChanged || update.viewportChanged) this.decorations = markup(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
