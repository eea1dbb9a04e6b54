import { useId } from 'react';
import type { ParsedReasoning, ReasoningPayload } from '../../markers';
import { DEFAULT_DISPLAY_OPTIONS, type ReasoningDisplayOptions } from './display-options';
import { reasoningAnnouncement, reasoningHeaderLabel } from './reasoning-label';
import { isWorking } from './reasoning-timing';
import { ReasoningHeader } from './ReasoningHeader';
import { ReasoningLiveRegion } from './ReasoningLiveRegion';
import { ReasoningStepList } from './ReasoningStepList';
import { ReasoningUsage } from './ReasoningUsage';
import { useBlockExpansion } from './useBlockExpansion';
import { useTicker } from './useTicker';
import { t } from '../../i18n';

/**
 * What the block shows: a payload, or none because the marker could not be read ("Reasoning
 * unavailable"). A payload flagged unreadable cannot be written.
 */
export type ReasoningBlockSource = { readonly payload: ReasoningPayload; readonly reasoningError?: false } | { readonly payload: null; readonly reasoningError?: boolean };

/** The block's source for a parsed marker. */
export function reasoningBlockSource(parsed: ParsedReasoning): ReasoningBlockSource {
  return parsed.reasoning === null ? { payload: null, reasoningError: parsed.reasoningError } : { payload: parsed.reasoning, reasoningError: false };
}

/** Props of {@link AgentReasoningBlock}. */
export type AgentReasoningBlockProps = ReasoningBlockSource & {
  /** True for the message of the run in progress. Reloaded blocks are never live. */
  readonly live: boolean;
  /** The user's display settings, as one value. Defaults to a fresh install's. */
  readonly display?: ReasoningDisplayOptions;
  /** The clock (tests fake it). Defaults to `Date.now`. */
  readonly now?: () => number;
};

const systemNow = (): number => Date.now();

/**
 * The Agent Reasoning Block (DESIGN.md 5): "Reasoning · 9s" with a spinner and bullet steps
 * while the agent works, folding once to "Thought for 12s" about a second after the answer
 * starts; reloaded blocks start folded. The state is exposed to CSS as `data-status`.
 */
export function AgentReasoningBlock(props: AgentReasoningBlockProps) {
  const { payload, live } = props;
  const display = props.display ?? DEFAULT_DISPLAY_OPTIONS;
  const mode = display.mode;
  const now = props.now ?? systemNow;
  const reasoningError = props.reasoningError === true || payload === null;
  const working = payload !== null && live && isWorking(payload);
  const nowMs = useTicker({ active: working && payload.status === 'reasoning', now, anchorMs: payload?.startedAt ?? 0 });
  const { expanded, toggle } = useBlockExpansion({
    status: payload?.status ?? null,
    live,
    openWhileWorking: display.expandWhileWorking && mode !== 'minimal',
  });
  const contentId = useId();
  const labelInput = { payload, reasoningError, live, nowMs };
  const status = payload === null ? 'unavailable' : payload.status;
  return (
    <div
      className="glassbox-reasoning"
      data-testid="reasoning-block"
      data-status={status}
      data-live={live ? 'true' : 'false'}
      data-mode={mode}
      data-expanded={expanded ? 'true' : 'false'}
    >
      <ReasoningHeader
        label={reasoningHeaderLabel(labelInput)}
        expanded={expanded}
        busy={working}
        contentId={contentId}
        onToggle={toggle}
      />
      <div id={contentId} className="glassbox-reasoning-content" hidden={!expanded} data-testid="reasoning-content">
        {payload === null ? (
          <p className="glassbox-steps-empty">{t('reasoning.unreadable')}</p>
        ) : (
          <ReasoningStepList
            payload={payload}
            working={working}
            mode={mode}
            showReasoningText={display.showReasoningText}
            showToolOutput={display.showToolOutput}
          />
        )}
        {(payload?.status === 'error' || payload?.status === 'budget') && typeof payload.error === 'string' && !errorIsAStep(payload.steps, payload.error) ? (
          <p className="glassbox-reasoning-error" data-testid="reasoning-error">
            {payload.error}
          </p>
        ) : null}
        <ReasoningUsage payload={payload} {...(display.modelPrices !== undefined ? { prices: display.modelPrices } : {})} />
      </div>
      <ReasoningLiveRegion message={reasoningAnnouncement(labelInput)} />
    </div>
  );
}

/** Whether a step of the trace already says the run's error whole (a failed model turn's notice): it is shown once. A clamped one leaves the footer to say it all. */
function errorIsAStep(steps: readonly { readonly summary: string }[], error: string): boolean {
  return steps.some((step) => step.summary === error);
}
