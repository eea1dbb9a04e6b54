import type { ModelPrices } from '../../markers';
import type { DisplayMode } from '../../settings';
import { t, type PlainKey } from '../../i18n';

const DISPLAY_MODE_KEYS: Readonly<Record<DisplayMode, PlainKey>> = Object.freeze({ minimal: 'settings.displayMinimal', normal: 'settings.displayNormal', verbose: 'settings.displayVerbose' });

/** How the settings tab names a display mode, in the UI's language. */
export function displayModeLabel(mode: DisplayMode): string {
  return t(DISPLAY_MODE_KEYS[mode]);
}

/** The user's display preferences, from settings. */
export interface ReasoningDisplayOptions {
  readonly mode: DisplayMode;
  /** Show the model's reasoning and thought details under their steps (normal and verbose). */
  readonly showReasoningText: boolean;
  /** Show tool outputs under tool steps (normal: folded; verbose: whole). */
  readonly showToolOutput: boolean;
  /** Open the block while the agent works (normal and verbose; minimal stays closed). */
  readonly expandWhileWorking: boolean;
  /** Prices per model from the settings: the footer shows a run's cost when its models have one. */
  readonly modelPrices?: ModelPrices;
}

/** Defaults for a fresh install. */
export const DEFAULT_DISPLAY_OPTIONS: ReasoningDisplayOptions = Object.freeze({
  mode: 'normal',
  showReasoningText: true,
  showToolOutput: true,
  expandWhileWorking: true,
});

/** The display settings as they are saved (the plugin's settings have these fields). */
export interface DisplaySettings {
  readonly displayMode: DisplayMode;
  readonly showReasoningText: boolean;
  readonly showToolOutput: boolean;
  readonly expandWhileWorking: boolean;
  readonly modelPrices?: ModelPrices;
}

/**
 * The display options of `settings`, as the one value every renderer takes. Pass the previous
 * value to get it back when nothing changed, so memoised messages do not re-render.
 */
export function displayOptionsOf(settings: DisplaySettings, previous?: ReasoningDisplayOptions | null): ReasoningDisplayOptions {
  const next: ReasoningDisplayOptions = {
    mode: settings.displayMode,
    showReasoningText: settings.showReasoningText,
    showToolOutput: settings.showToolOutput,
    expandWhileWorking: settings.expandWhileWorking,
    ...(settings.modelPrices !== undefined ? { modelPrices: settings.modelPrices } : {}),
  };
  // The settings tab replaces the prices' object when one changes, so identity is enough.
  const same = previous != null && previous.mode === next.mode && previous.showReasoningText === next.showReasoningText
    && previous.showToolOutput === next.showToolOutput && previous.expandWhileWorking === next.expandWhileWorking && previous.modelPrices === next.modelPrices;
  return same ? previous : next;
}
