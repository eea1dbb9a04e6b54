// What a question attaches, without the index: the plugin imports it at load (run setup), so it
// must not pull in the stemmers and the index, which live in the indexing worker's script.
export { attachQuestionContext } from './attach-question-context';
export type { ContextNotes } from './context-notes';
export { questionLinks } from './question-links';
export { linkpathOf, resolveLinkOrAlias, type LinkTargets } from '../resolve-link';
