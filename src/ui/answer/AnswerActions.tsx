import { memo, useContext, useMemo, useState } from 'react';
import { regenerableAnswerId } from '../../chat';
import { citedNotes, readLeadingMarker, stripMarkers } from '../../markers';
import { ChatNotePathContext, useChatServices } from '../chat/chat-services';
import { useChatSelector } from '../chat/useChatSelector';
import { t, tCount } from '../../i18n';

/**
 * What the user can do with a finished answer (issue 12): copy it without markers, insert it at
 * the cursor of the note they were last in, open every note it cites, and take back the note
 * changes its run made ("Undo this turn", DESIGN.md 12.3), and ask the last question again
 * ("Regenerate": the new answer is kept beside this one). Each action says in one line what it
 * did, or why it could not.
 */
export const AnswerActions = memo(function AnswerActions({ id }: { readonly id: string }) {
  const { host, controller } = useChatServices();
  const sourcePath = useContext(ChatNotePathContext);
  // A live answer has no actions yet: its content is not read (and its markers not stripped) on
  // every streamed frame, only once it is finished.
  const live = useChatSelector((state) => state.liveMessageId === id);
  const content = useChatSelector((state) => (state.liveMessageId === id ? '' : (state.messages[id]?.content ?? '')));
  const answer = useMemo(() => stripMarkers(content).trim(), [content]);
  const cited = useMemo(() => citedNotes(answer), [answer]);
  // The steps of a run that wrote notes, for "Undo this turn".
  const writeSteps = useMemo(() => {
    const steps = readLeadingMarker(content).reasoning?.steps ?? [];
    return steps.some((step) => step.tool?.change !== undefined && step.tool.status === 'ok') ? steps : null;
  }, [content]);
  const regenerable = useChatSelector((state) => regenerableAnswerId(state) === id);
  const [status, setStatus] = useState('');
  // A run that ended before any answer (an error, a stop) can still be asked again.
  if (live || (answer === '' && !regenerable)) return null;

  const copy = (): void => {
    // Absent outside secure contexts (and in jsdom): say so instead of failing silently.
    const clipboard = window.navigator.clipboard as Clipboard | undefined;
    if (clipboard === undefined) {
      setStatus(t('answer.noClipboard'));
      return;
    }
    clipboard.writeText(answer).then(
      () => setStatus(t('answer.copied')),
      () => setStatus(t('answer.clipboardRefused')),
    );
  };
  const insert = (): void => {
    try {
      const path = host.insertAtCursor?.(answer) ?? null;
      setStatus(path === null ? t('answer.openNoteFirst') : t('answer.insertedInto', { path }));
    } catch (error) {
      // The note would gain something that runs or loads (src/inert): nothing was inserted.
      setStatus(t('answer.notInserted', { error: error instanceof Error ? error.message : String(error) }));
    }
  };
  const open = (): void => {
    const missing = host.openNotes?.(cited, sourcePath) ?? [];
    setStatus(missing.length === 0 ? '' : t('answer.noNoteMatches', { links: missing.map((link) => `[[${link}]]`).join(', ') }));
  };

  const undo = (): void => {
    if (writeSteps === null || host.undoTurn === undefined) return;
    host.undoTurn(writeSteps).then(
      (outcome) => setStatus(outcome.message),
      (error: unknown) => setStatus(t('answer.undoFailed', { error: error instanceof Error ? error.message : String(error) })),
    );
  };

  return (
    <div className="glassbox-answer-actions" role="group" aria-label={t('answer.actions')} data-testid="answer-actions">
      {answer !== '' ? (
        <button type="button" className="glassbox-answer-action" data-testid="answer-copy" onClick={copy}>
          {t('answer.copy')}
        </button>
      ) : null}
      {host.insertAtCursor && answer !== '' ? (
        <button type="button" className="glassbox-answer-action" data-testid="answer-insert" onClick={insert}>
          {t('answer.insert')}
        </button>
      ) : null}
      {host.openNotes && cited.length > 0 ? (
        <button type="button" className="glassbox-answer-action" data-testid="answer-open-cited" onClick={open}>
          {tCount('answer.openCited', cited.length)}
        </button>
      ) : null}
      {host.undoTurn && writeSteps !== null ? (
        <button type="button" className="glassbox-answer-action" data-testid="answer-undo-turn" onClick={undo}>
          {t('answer.undoTurn')}
        </button>
      ) : null}
      {regenerable ? (
        <button type="button" className="glassbox-answer-action" data-testid="answer-regenerate" aria-label={t('answer.regenerateLabel')} onClick={() => void controller.regenerate(id)}>
          {t('answer.regenerate')}
        </button>
      ) : null}
      <span className="glassbox-answer-status" role="status" data-testid="answer-status">
        {status}
      </span>
    </div>
  );
});
