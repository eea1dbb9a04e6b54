import { AGENT_LOOP_STYLES, type AgentLoopStyle } from '../../agent';
import { useChatController, useChatSelector } from './useChatSelector';
import { t } from '../../i18n';
import { loopStyleLabel } from './loop-style-label';


/** The range the iteration box accepts (the settings tab uses the same). */
export const MAX_ITERATIONS_RANGE = Object.freeze({ min: 1, max: 50 });

/**
 * Loop style and iteration limit for the NEXT run, beside the composer, so they can change per
 * run without opening settings.
 */
export function RunOptions() {
  const controller = useChatController();
  const loopStyle = useChatSelector((state) => state.loopStyle);
  const maxIterations = useChatSelector((state) => state.maxIterations);
  const running = useChatSelector((state) => state.running);
  return (
    <div className="glassbox-run-options">
      <label>
        <span>{t('chat.loop')}</span>
        <select
          data-testid="loop-style"
          value={loopStyle}
          disabled={running}
          onChange={(event) => controller.configureNextRun({ loopStyle: event.target.value as AgentLoopStyle })}
        >
          {AGENT_LOOP_STYLES.map((style) => (
            <option key={style} value={style}>
              {loopStyleLabel(style)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('chat.maxSteps')}</span>
        <input
          type="number"
          data-testid="max-iterations"
          min={MAX_ITERATIONS_RANGE.min}
          max={MAX_ITERATIONS_RANGE.max}
          value={maxIterations}
          disabled={running}
          onChange={(event) => {
            // An empty box while retyping is not a choice of 1.
            if (event.target.value.trim() === '') return;
            const value = clampIterations(Number(event.target.value));
            if (value === null) return;
            controller.configureNextRun({ maxIterations: value });
            // The box shows the number the run will use: a clamp to the number already chosen
            // changes no state, so no re-render would write `value` back.
            if (event.currentTarget.value !== String(value)) event.currentTarget.value = String(value);
          }}
        />
      </label>
    </div>
  );
}

/** A whole number within {@link MAX_ITERATIONS_RANGE}, or null for input that is not a number. */
export function clampIterations(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.min(MAX_ITERATIONS_RANGE.max, Math.max(MAX_ITERATIONS_RANGE.min, Math.round(value)));
}
