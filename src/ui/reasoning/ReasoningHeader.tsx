import { t } from '../../i18n';

/** Props of {@link ReasoningHeader}. */
export interface ReasoningHeaderProps {
  readonly label: string;
  readonly expanded: boolean;
  readonly busy: boolean;
  readonly contentId: string;
  readonly onToggle: () => void;
}

/**
 * The block's header: one real button (keyboard and screen readers get it for free) whose
 * `aria-expanded`/`aria-controls` describe the step list it opens.
 */
export function ReasoningHeader(props: ReasoningHeaderProps) {
  return (
    <button
      type="button"
      className="glassbox-reasoning-header"
      aria-expanded={props.expanded}
      aria-controls={props.contentId}
      data-testid="reasoning-header"
      onClick={props.onToggle}
    >
      <span className="glassbox-reasoning-chevron" aria-hidden="true" />
      {props.busy ? <span className="glassbox-spinner" role="img" aria-label={t('reasoning.working.aria')} /> : null}
      <span className="glassbox-reasoning-label" data-testid="reasoning-label">
        {props.label}
      </span>
    </button>
  );
}
