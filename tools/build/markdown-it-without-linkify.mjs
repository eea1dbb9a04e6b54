import path from 'node:path';
import { fileURLToPath } from 'node:url';

// markdown-it (the parse of src/inert/live-forms.ts) always constructs its linkify-it helper,
// though Glassbox parses with `linkify: false` and never calls it: in main.js linkify-it (about
// 11 KB minified) is swapped for src/inert/linkify-free.ts, a class of the same shape that finds
// no links (docs/decisions/bundle-size.md, "Issue 36").

const replacement = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'inert', 'linkify-free.ts');

export const markdownItWithoutLinkifyPlugin = {
  name: 'markdown-it-without-linkify',
  setup(build) {
    build.onResolve({ filter: /^linkify-it$/ }, (args) => (args.importer.includes(`${path.sep}markdown-it${path.sep}`) ? { path: replacement } : undefined));
  },
};
