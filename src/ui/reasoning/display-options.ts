/**
 * How much of the agent's work the reasoning block shows (DESIGN.md 5):
 * - `minimal`: the header only; expanding it shows step titles.
 * - `normal`: steps with the tool name, short arguments, status and duration; outputs folded.
 * - `verbose`: full arguments, full outputs and the raw reasoning text.
 */
export type DisplayMode = 'minimal' | 'normal' | 'verbose';

/** Every display mode, in the order the settings list them. */
export const DISPLAY_MODES: readonly DisplayMode[] = Object.freeze(['minimal', 'normal', 'verbose']);

/** The user's display preferences, from settings. */
export interface ReasoningDisplayOptions {
  readonly mode: DisplayMode;
  /** Show the model's reasoning and thought details under their steps (normal and verbose). */
  readonly showReasoningText: boolean;
  /** Show tool outputs under tool steps (normal: folded; verbose: whole). */
  readonly showToolOutput: boolean;
  /** Open the block while the agent works (normal and verbose; minimal stays closed). */
  readonly expandWhileWorking: boolean;
}

/** Defaults for a fresh install. */
export const DEFAULT_DISPLAY_OPTIONS: ReasoningDisplayOptions = Object.freeze({
  mode: 'normal',
  showReasoningText: true,
  showToolOutput: true,
  expandWhileWorking: true,
});
