/** Custom prompts as notes (DESIGN.md 12.4): reading them, and filling their variables. */
export { parsePromptNote, type PromptNote } from './prompt-note';
export { expandPrompt, MAX_NOTES_PER_VARIABLE, type ExpandedPrompt, type FilledVariable, type PromptVariableSources } from './expand-prompt';
export { listPrompts, findPrompt, closePromptNames, DEFAULT_PROMPTS_FOLDER, COPILOT_PROMPTS_FOLDER, type PromptNotes } from './prompt-library';
export { matchPrompts, type PromptMatch } from './match-prompts';
export { promptUse, runChoiceFor, type RunChoice } from './prompt-use';
