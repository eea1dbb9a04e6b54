import { useId, useLayoutEffect, useRef } from 'react';
import type { AgentApprovalChoice } from '../../agent';
import { describeCounts } from '../writes/diff-rows';
import { NoteDiff } from '../writes/NoteDiff';
import { useChatController, useChatSelector } from './useChatSelector';

/**
 * The approval card of a tool call that waits for the user (an MCP tool, a note write): what
 * the call is, its detail as text or a write's diff, and one button per choice. It shows under
 * the live message's reasoning block, whose tool step waits on it. Focus moves to it when it
 * appears, so keyboard and screen-reader users land on the question; Escape declines this call.
 */
export function ApprovalCard() {
  const controller = useChatController();
  const requestId = useChatSelector((state) => state.pendingApproval?.requestId ?? null);
  const title = useChatSelector((state) => state.pendingApproval?.title ?? '');
  const detail = useChatSelector((state) => state.pendingApproval?.detail ?? null);
  const choices = useChatSelector((state) => state.pendingApproval?.choices ?? NO_CHOICES);
  const change = useChatSelector((state) => state.pendingApproval?.change ?? null);
  const cardRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const detailId = useId();

  // A layout effect: focus moves in the commit that shows the card, never a frame later (a plain
  // effect may run after the next paint).
  useLayoutEffect(() => {
    if (requestId !== null) cardRef.current?.focus();
  }, [requestId]);

  if (requestId === null) return null;
  return (
    <div
      ref={cardRef}
      className="glassbox-approval-card"
      role="group"
      aria-labelledby={titleId}
      {...(detail !== null || change !== null ? { 'aria-describedby': detailId } : {})}
      tabIndex={-1}
      data-testid="approval-card"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        controller.decideApproval('deny');
      }}
    >
      <p id={titleId} className="glassbox-approval-title" data-testid="approval-title">
        {title}
      </p>
      {change !== null ? (
        <>
          <p className="glassbox-approval-counts" data-testid="approval-counts">
            <span aria-hidden="true">
              +{change.added} −{change.removed}
            </span>
            <span className="glassbox-visually-hidden">{describeCounts(change)}</span>
          </p>
          <NoteDiff change={change} id={detailId} />
        </>
      ) : detail !== null ? (
        <pre id={detailId} className="glassbox-approval-detail" data-testid="approval-detail">
          {detail}
        </pre>
      ) : null}
      <div className="glassbox-approval-choices">
        {choices.map((choice, index) => (
          <button key={choice.decision} type="button" className={index === 0 ? 'mod-cta' : undefined} data-decision={choice.decision} onClick={() => controller.decideApproval(choice.decision)}>
            {choice.label}
          </button>
        ))}
      </div>
    </div>
  );
}

const NO_CHOICES: readonly AgentApprovalChoice[] = Object.freeze([]);
