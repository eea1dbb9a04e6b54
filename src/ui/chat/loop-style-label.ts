import type { AgentLoopStyle } from '../../agent';
import { t } from '../../i18n';

/** A loop style as the run options and the settings name it, in the UI's language. */
export function loopStyleLabel(style: AgentLoopStyle): string {
  return style === 'tools' ? t('chat.loopTools') : t('chat.loopReasonActObserve');
}
