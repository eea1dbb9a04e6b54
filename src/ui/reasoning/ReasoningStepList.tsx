import type { ReasoningStep } from '../../markers';
import type { DisplayMode } from '../../settings';
import { ReasoningStepItem } from './ReasoningStepItem';
import { t } from '../../i18n';

/** Props of {@link ReasoningStepList}. */
export interface ReasoningStepListProps {
  readonly steps: readonly ReasoningStep[];
  readonly mode: DisplayMode;
  readonly showReasoningText: boolean;
  readonly showToolOutput: boolean;
}

/** The bullet list of steps, in the order they happened. */
export function ReasoningStepList(props: ReasoningStepListProps) {
  if (props.steps.length === 0) {
    return <p className="glassbox-steps-empty">{t('reasoning.noSteps')}</p>;
  }
  return (
    <ul className="glassbox-steps" data-testid="reasoning-steps">
      {props.steps.map((step, index) => (
        <ReasoningStepItem
          // Ids are unique per run, but a damaged note may repeat one; the index keeps keys unique.
          key={`${String(step.id)}-${index}`}
          step={step}
          mode={props.mode}
          showReasoningText={props.showReasoningText}
          showToolOutput={props.showToolOutput}
        />
      ))}
    </ul>
  );
}
