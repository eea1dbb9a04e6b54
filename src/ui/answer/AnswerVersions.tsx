import { memo, type KeyboardEvent } from 'react';
import { answerVersion } from '../../chat';
import { useChatController, useChatSelector } from '../chat/useChatSelector';
import { formatNumber, t } from '../../i18n';

/**
 * "‹ 2 / 2 ›" under an answer that was regenerated (DESIGN.md 12.3): the arrows show the other
 * answers to the same question, each with its own trace; the next question continues from the one
 * shown. Buttons (Tab, Enter), and the arrow keys while one of them has focus; not while a run or
 * a question is open.
 */
export const AnswerVersions = memo(function AnswerVersions({ id }: { readonly id: string }) {
  const controller = useChatController();
  // A string, so the switcher re-renders only when its own numbers change.
  const key = useChatSelector((state) => {
    const version = answerVersion(state, id);
    return version === null ? '' : JSON.stringify(version);
  });
  const busy = useChatSelector((state) => state.running || state.pendingInput !== null || state.pendingApproval !== null);
  if (key === '') return null;
  const version = JSON.parse(key) as NonNullable<ReturnType<typeof answerVersion>>;
  const show = (target: string | null): void => {
    if (target !== null) controller.showAnswer(target);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'ArrowLeft') show(version.previousId);
    else if (event.key === 'ArrowRight') show(version.nextId);
    else return;
    event.preventDefault();
  };
  return (
    <div className="glassbox-answer-versions" role="group" aria-label={t('answer.versions')} data-testid="answer-versions" onKeyDown={onKeyDown}>
      <button type="button" className="glassbox-answer-action glassbox-answer-version-arrow" aria-label={t('answer.previous')} data-testid="answer-previous" disabled={busy || version.previousId === null} onClick={() => show(version.previousId)}>
        ‹
      </button>
      <span className="glassbox-answer-version-count" aria-label={t('answer.versionOf', { position: version.position, count: version.count })} data-testid="answer-version">
        {`${formatNumber(version.position)} / ${formatNumber(version.count)}`}
      </span>
      <button type="button" className="glassbox-answer-action glassbox-answer-version-arrow" aria-label={t('answer.next')} data-testid="answer-next" disabled={busy || version.nextId === null} onClick={() => show(version.nextId)}>
        ›
      </button>
    </div>
  );
});
