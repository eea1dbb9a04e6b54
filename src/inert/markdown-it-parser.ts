import MarkdownIt from 'markdown-it';

// The parse of ./live-forms, loaded on its first use: markdown-it and its entity tables (decoded
// when evaluated) are not evaluated when Obsidian loads the plugin (DESIGN.md 13.7). An ESM
// import of the package, so the build takes its ES module and not its CommonJS copy.

export type LiveFormParser = InstanceType<typeof MarkdownIt>;

/** CommonMark as the readers of a note see it: raw HTML on, no linkify (Obsidian's own). */
export function createLiveFormParser(): LiveFormParser {
  return new MarkdownIt('default', { html: true, linkify: false });
}
