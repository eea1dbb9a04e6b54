import type { ChatAttention } from '../../chat';
import { t } from '../../i18n';

/** How many characters of the question a notice quotes. */
const QUOTED_CHARS = 60;

/** The notice of a session that needs the user: what happened, and which question it was. */
export function attentionMessage(attention: ChatAttention): string {
  const question = quoted(attention.question);
  switch (attention.kind) {
    case 'answered':
      return t('notice.answered', { question });
    case 'failed':
      return t('notice.couldNotAnswer', { question });
    case 'approval':
      return t('notice.waitingApproval', { waiting: attention.waiting });
    case 'question':
      return t('notice.waitingAnswer', { waiting: attention.waiting });
  }
}

/** The question's first words, in quotes, cut at a word. */
function quoted(question: string): string {
  const text = question.replace(/\s+/g, ' ').trim();
  if (text.length <= QUOTED_CHARS) return `"${text}"`;
  const cut = text.slice(0, QUOTED_CHARS);
  const space = cut.lastIndexOf(' ');
  return `"${(space > QUOTED_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…"`;
}
