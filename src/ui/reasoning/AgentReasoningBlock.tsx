import { useId } from 'react';
import type { ReasoningPayload } from '../../markers/reasoning-payload';
import { DEFAULT_DISPLAY_OPTIONS, type ReasoningDisplayOptions } from './display-options';
import { reasoningAnnouncement, reasoningHeaderLabel } from './reasoning-label';
import { isWorking } from './reasoning-timing';
import { ReasoningHeader } from './ReasoningHeader';
import { ReasoningLiveRegion } from './ReasoningLiveRegion';
import { ReasoningStepList } from './ReasoningStepList';
import { useBlockExpansion } from './useBlockExpansion';
import { useTicker } from './useTicker';

/** Props of {@link AgentReasoningBlock}. */
export interface AgentReasoningBlockProps {
  /** The parsed payload; `null` when there is none or it could not be read. */
  readonly payload: ReasoningPayload | null;
  /** A marker was present but unreadable: the header says "Reasoning unavailable". */
  readonly reasoningError?: boolean;
  /** True for the message of the run in progress. Reloaded blocks are never live. */
  readonly live: boolean;
  /** The user's display settings, as one value. Defaults to a fresh install's. */
  readonly display?: ReasoningDisplayOptions;
  /** The clock (tests fake it). Defaults to `Date.now`. */
  readonly now?: () => number;
}

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
          <p className="glassbox-steps-empty">The reasoning saved with this message could not be read.</p>
        ) : (
          <ReasoningStepList
            steps={Array.isArray(payload.steps) ? payload.steps : []}
            mode={mode}
            showReasoningText={display.showReasoningText}
            showToolOutput={display.showToolOutput}
          />
        )}
        {payload?.status === 'error' && typeof payload.error === 'string' ? (
          <p className="glassbox-reasoning-error" data-testid="reasoning-error">
            {payload.error}
          </p>
        ) : null}
      </div>
      <ReasoningLiveRegion message={reasoningAnnouncement(labelInput)} />
    </div>
  );
}
