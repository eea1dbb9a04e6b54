/**
 * The commands' output, shared by the standalone CLI (`src/cli`) and Obsidian's command line
 * (`glassbox:*` handlers, `src/obsidian/traces`): what `search`, `inspect`, `doctor` and `ask` print,
 * made from data each host gathers its own way (DESIGN.md 13.5). Text for a terminal: controls stripped.
 */
export { stripControls, terminalJson } from './terminal-text';
export { inspectedContent, inspectNoteText, inspectMessage, notConversationNote } from './inspect-output';
export { searchOutput, type SearchOutputOptions } from './search-output';
export { doctorOutput } from './doctor-output';
