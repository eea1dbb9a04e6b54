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
 * re-renders only when its own content or live flag changes: a streaming answer leaves the
 * earlier messages alone, and its own run (new values each frame) re-renders its body alone.
 */
export const MessageItem = memo(function MessageItem({ id }: { readonly id: string }) {
  const role = useChatSelector((state) => state.messages[id]?.role ?? 'user');
  const content = useChatSelector((state) => state.messages[id]?.content ?? '');
  const live = useChatSelector((state) => state.liveMessageId === id);
  useChatServices().renderCounter?.count(id);
  return (
    <div className="glassbox-message" data-role={role} data-testid={`message-${role}`} data-message-id={id}>
      {role === 'assistant' ? (
        <>
          <AssistantMessageBody id={id} content={content} live={live} />
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
