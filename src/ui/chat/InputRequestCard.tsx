import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useChatController, useChatSelector } from './useChatSelector';
import { t } from '../../i18n';

/**
 * The `request_input` question (DESIGN.md 5), outside the reasoning block: the question,
 * option buttons when the model gave some, a text box and a dismiss button. Focus moves to it
 * when it appears, so keyboard and screen-reader users land on the question.
 */
export function InputRequestCard() {
  const controller = useChatController();
  const requestId = useChatSelector((state) => state.pendingInput?.requestId ?? null);
  const question = useChatSelector((state) => state.pendingInput?.question ?? '');
  const options = useChatSelector((state) => state.pendingInput?.options ?? NO_OPTIONS);
  const cardRef = useRef<HTMLDivElement>(null);
  const [answer, setAnswer] = useState('');
  const questionId = useId();

  // A layout effect, as in ApprovalCard: focus moves in the commit that shows the card.
  useLayoutEffect(() => {
    if (requestId === null) return;
    setAnswer('');
    cardRef.current?.focus();
  }, [requestId]);

  if (requestId === null) return null;
  return (
    <div
      ref={cardRef}
      className="glassbox-input-card"
      role="group"
      aria-labelledby={questionId}
      tabIndex={-1}
      data-testid="input-request-card"
    >
      <p id={questionId} className="glassbox-input-question" data-testid="input-request-question">
        {question}
      </p>
      {options.length > 0 ? (
        <div className="glassbox-input-options">
          {options.map((option, index) => (
            <button key={`${index}-${option}`} type="button" onClick={() => controller.answerInput(option)}>
              {option}
            </button>
          ))}
        </div>
      ) : null}
      <form
        className="glassbox-input-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (answer.trim() !== '') controller.answerInput(answer.trim());
        }}
      >
        <input
          type="text"
          aria-label={t('composer.yourAnswer')}
          data-testid="input-request-text"
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
        />
        <button type="submit" className="mod-cta" disabled={answer.trim() === ''}>
          {t('composer.answer')}
        </button>
        <button type="button" data-testid="input-request-dismiss" onClick={() => controller.dismissInput()}>
          {t('input.dismiss')}
        </button>
      </form>
    </div>
  );
}

const NO_OPTIONS: readonly string[] = Object.freeze([]);
