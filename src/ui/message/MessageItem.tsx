import { memo } from 'react';
import { useChatServices } from '../chat/chat-services';
import { ContinueRunButton } from '../chat/ContinueRunButton';
import { useChatSelector } from '../chat/useChatSelector';
import { AnswerActions } from '../answer/AnswerActions';
import { AnswerVersions } from '../answer/AnswerVersions';
import { AssistantMessageBody } from './AssistantMessageBody';
import { UserQuestion } from './UserQuestion';
import { QuestionAttachments } from './QuestionAttachments';

/**
 * One message of the list, found by id. Each selector returns a primitive, so a message
 * re-renders only when its role or question changes: a streaming answer leaves the
 * earlier messages alone, and its own body follows its run from the store without a render.
 */
export const MessageItem = memo(function MessageItem({ id }: { readonly id: string }) {
  const role = useChatSelector((state) => state.messages[id]?.role ?? 'user');
  // The user's question; an answer's body reads its own content from the store (AssistantMessageBody).
  const content = useChatSelector((state) => (state.messages[id]?.role === 'user' ? state.messages[id].content : ''));
  useChatServices().renderCounter?.count(id);
  return (
    <div className="glassbox-message" data-role={role} data-testid={`message-${role}`} data-message-id={id}>
      {role === 'assistant' ? (
        <>
          <AssistantMessageBody id={id} />
          <ContinueRunButton messageId={id} />
          <div className="glassbox-answer-footer">
            <AnswerVersions id={id} />
            <AnswerActions id={id} />
          </div>
        </>
      ) : (
        <>
          {/* The user's own words are shown as they typed them: text, not Markdown, never HTML. */}
          <UserQuestion id={id} content={content} />
          <QuestionAttachments id={id} />
        </>
      )}
    </div>
  );
});
