/**
 * Model, tool and note text made inert before Glassbox writes it (DESIGN.md 13.1): the one
 * check every write of such text goes through (`inert-writer.ts`) and the CommonMark parse that
 * finds what another plugin would run or Obsidian would load (`live-forms.ts`).
 */
export { inertFileText, LiveTextError, switchInertGuardOffForTests, type InertFileTarget } from './inert-writer';
export { findLiveForms, findTemplaterTags, type LiveForm } from './live-forms';
