import { memo } from 'react';
import { formatStepDuration, type ReasoningModelTurn } from '../../markers';
import { estimatedUsageTitle, usageText } from './usage-text';
import { t } from '../../i18n';

/** Props of {@link ModelTurnItem}. */
export interface ModelTurnItemProps {
  readonly turn: ReasoningModelTurn;
  /** Counted from 1, as the CLI's timeline counts them. */
  readonly number: number;
}

/** One model call in the trace (DESIGN.md 12.3): how long it took and the tokens it used. */
export const ModelTurnItem = memo(function ModelTurnItem({ turn, number }: ModelTurnItemProps) {
  const usage = turn.usage;
  return (
    <li className="glassbox-step glassbox-model-turn" data-kind="model" data-testid="reasoning-model-turn">
      <span className="glassbox-step-summary">{t('trace.modelTurn', { number })}</span>
      <span className="glassbox-tool-duration">{formatStepDuration(turn.durationMs)}</span>
      {usage !== undefined ? (
        <span className="glassbox-turn-tokens" data-testid="reasoning-turn-tokens" title={usage.estimated === true ? estimatedUsageTitle() : undefined}>
          {usageText(usage)}
        </span>
      ) : null}
    </li>
  );
});
