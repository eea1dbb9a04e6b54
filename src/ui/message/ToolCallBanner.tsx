import { useId, useState } from 'react';
import type { LegacyToolCall } from '../../markers';
import { t } from '../../i18n';

/** Props of {@link ToolCallBanner}. */
export interface ToolCallBannerProps {
  readonly call: LegacyToolCall;
  /** True while the message is still streaming: an executing call is then really running. */
  readonly live?: boolean;
}

/** How long the folded result preview may get. */
export const RESULT_PREVIEW_CHARS = 80;

/**
 * A legacy tool-call marker (DESIGN.md 3.2) shown in place as a folded banner: emoji, display
 * name, status and a one-line result preview; opening it shows the whole result. Text only.
 */
export function ToolCallBanner({ call, live = false }: ToolCallBannerProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const status = bannerStatus(call, live);
  const name = call.displayName.trim() || call.toolName || t('tool.fallbackName');
  const preview = call.result === null ? '' : previewOf(call.result);
  return (
    <div className="glassbox-tool-banner" data-testid="tool-call-banner" data-status={status.key}>
      <button
        type="button"
        className="glassbox-tool-banner-header"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        {call.emoji ? (
          <span className="glassbox-tool-banner-emoji" aria-hidden="true">
            {call.emoji}
          </span>
        ) : null}
        <span className="glassbox-tool-banner-name">{name}</span>
        <span className="glassbox-tool-banner-status">{status.label}</span>
      </button>
      {!open && preview ? (
        <div className="glassbox-tool-banner-preview" data-testid="tool-call-preview">
          {preview}
        </div>
      ) : null}
      <div id={bodyId} className="glassbox-tool-banner-body" hidden={!open}>
        {call.confirmationMessage ? <p>{call.confirmationMessage}</p> : null}
        {call.content.trim() ? <pre>{call.content}</pre> : null}
        {call.result !== null ? <pre data-testid="tool-call-result">{call.result}</pre> : null}
      </div>
    </div>
  );
}

function bannerStatus(call: LegacyToolCall, live: boolean): { key: string; label: string } {
  if (call.result !== null) return { key: 'done', label: t('tool.done') };
  if (call.isExecuting && live) return { key: 'running', label: t('tool.running') };
  return { key: 'no-result', label: t('tool.noResult') };
}

function previewOf(result: string): string {
  const firstLine = result.trim().split('\n', 1)[0] ?? '';
  return firstLine.length <= RESULT_PREVIEW_CHARS ? firstLine : `${firstLine.slice(0, RESULT_PREVIEW_CHARS - 1)}…`;
}
