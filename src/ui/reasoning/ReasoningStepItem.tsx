import { memo } from 'react';
import type { ReasoningStep } from '../../markers';
import type { DisplayMode } from '../../settings';
import { ToolStep } from './ToolStep';

/** Props of {@link ReasoningStepItem}. */
export interface ReasoningStepItemProps {
  readonly step: ReasoningStep;
  readonly mode: DisplayMode;
  readonly showReasoningText: boolean;
  readonly showToolOutput: boolean;
}

/**
 * One bullet. Minimal mode shows the title alone; normal and verbose add the tool line and, when
 * the toggles allow, the detail text and the output. Everything is text nodes, never HTML.
 * Memoised on the step object: the reducer keeps unchanged steps identical, so a new bullet
 * does not re-render the old ones.
 */
export const ReasoningStepItem = memo(function ReasoningStepItem(props: ReasoningStepItemProps) {
  const { step, mode } = props;
  const detail = typeof step.detail === 'string' && step.detail.length > 0 ? step.detail : null;
  return (
    <li className="glassbox-step" data-kind={step.kind} data-testid="reasoning-step">
      <span className="glassbox-step-summary" data-testid="reasoning-step-summary">
        {String(step.summary ?? '')}
      </span>
      {mode !== 'minimal' && step.tool ? (
        <ToolStep tool={step.tool} mode={mode} showOutput={props.showToolOutput} />
      ) : null}
      {mode !== 'minimal' && detail !== null && showsDetail(step, props.showReasoningText, mode) ? (
        <div className="glassbox-step-detail" data-testid="reasoning-step-detail" data-mode={mode}>
          {detail}
        </div>
      ) : null}
    </li>
  );
});

function showsDetail(step: ReasoningStep, showReasoningText: boolean, mode: DisplayMode): boolean {
  // Raw native reasoning is long and noisy: only verbose mode shows it. Notices and answers to
  // questions are not "reasoning text" and show whenever there is room for details.
  if (step.kind === 'reasoning') return showReasoningText && mode === 'verbose';
  if (step.kind === 'notice' || step.kind === 'input' || step.kind === 'context') return true;
  return showReasoningText;
}
