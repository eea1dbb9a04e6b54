import { formatAttachmentsLine } from '../../conversation';
import { useChatSelector } from '../chat/useChatSelector';

/** Under a question: the notes it attached and its scope (DESIGN.md 11.1), as text, live and when reopened. */
export function QuestionAttachments({ id }: { readonly id: string }) {
  const line = useChatSelector((state) => {
    const attachments = state.messages[id]?.attachments;
    return attachments ? formatAttachmentsLine(attachments, false) : '';
  });
  return line ? (
    <div className="glassbox-question-attachments" data-testid="question-attachments">
      {line}
    </div>
  ) : null;
}
