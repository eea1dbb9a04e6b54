import { act, screen } from '@testing-library/react/pure';
import { cleanupChat, mountChat } from '../../support/chat-harness';
import { ConversationBuilder } from '../../support/conversation-builder';

afterEach(async () => {
  await cleanupChat();
});

describe('QuestionAttachments', () => {
  it('shows under a reopened question the notes it attached, by name, and its scope, as text', async () => {
    const { controller } = mountChat();
    const conversation = new ConversationBuilder()
      .user('Compare with [[Maria]] <b>now</b>', {
        attachments: {
          notes: [
            { kind: 'note', path: 'Projects/Alpha/Plan.md', chars: 900 },
            { kind: 'link', path: 'People/Maria Lopez.md', chars: 70, cut: true },
          ],
          missingLinks: ['Nowhere'],
          scope: { folders: ['Projects'], tags: ['project'] },
        },
      })
      .assistant('Done.')
      .user('A question without attachments')
      .build();
    await act(async () => {
      controller.openConversation(conversation);
      await Promise.resolve();
    });
    const lines = screen.getAllByTestId('question-attachments');
    expect(lines).toHaveLength(1);
    expect(lines[0].textContent).toBe('📎 Plan · Maria Lopez (cut) · Nowhere (not found) · scope: Projects/, #project');
    expect(screen.getAllByTestId('message-user')[0].querySelector('b')).toBeNull();
  });
});
