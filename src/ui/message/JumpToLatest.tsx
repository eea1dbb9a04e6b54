import { t } from '../../i18n';

/** Props of {@link JumpToLatest}. */
export interface JumpToLatestProps {
  readonly onJump: () => void;
}

/** Shown over the end of the message list when the user scrolled up: back to the newest message. */
export function JumpToLatest({ onJump }: JumpToLatestProps) {
  return (
    <button type="button" className="glassbox-jump-to-latest" data-testid="jump-to-latest" onClick={onJump}>
      {t('chat.jumpToLatest')}
    </button>
  );
}
