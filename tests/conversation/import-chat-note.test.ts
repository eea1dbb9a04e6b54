import { parseConversationNote } from '../../src/conversation';

const COPILOT_NOTE = `---
epoch: 1767037786951
modelKey: "gemini-2.5-flash|google"
topic: "Refund policy"
tags:
  - copilot-conversation
---

**user**: What changed in the refund policy?
[Context: Notes: Policies.md]
[Timestamp: 2025/12/30 03:49:46]

**ai**: <!--AGENT_REASONING:complete:3:["Searched the vault"]-->The window went from **14** to **30** days.
[Timestamp: 2025/12/30 03:49:47]

**user**: Show me the config
[Timestamp: 2025/12/30 03:50:13]

**ai**: Here it is:

\`\`\`md
**user**: this line is inside a code block
[Timestamp: 2025/12/30 03:50:14]
\`\`\`

Anything else?
[Timestamp: 2025/12/30 03:50:15]

**user**: no timestamp on this one

**ai**: inline stamp [Timestamp: 2025/12/30 03:51:00]
`;

describe('import of the **user** / **ai** format of another chat plugin', () => {
  function importNote(text: string) {
    const result = parseConversationNote(text);
    if (!result.ok) throw result.error;
    expect(result.format).toBe('imported');
    return result.value;
  }

  it('reads roles, times, context and title', () => {
    const conversation = importNote(COPILOT_NOTE);
    expect(conversation.title).toBe('Refund policy');
    expect(conversation.model).toBe('gemini-2.5-flash|google');
    expect(conversation.createdAt).toBe(1767037786951);
    expect(conversation.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(conversation.messages[0]).toEqual({ role: 'user', at: new Date(2025, 11, 30, 3, 49, 46).getTime(), content: 'What changed in the refund policy?', context: 'Notes: Policies.md' });
    expect(conversation.messages[1].content).toBe('<!--AGENT_REASONING:complete:3:["Searched the vault"]-->The window went from **14** to **30** days.');
  });

  it('does not split a message at "**user**:" inside a code fence', () => {
    const conversation = importNote(COPILOT_NOTE);
    expect(conversation.messages[3].content).toBe('Here it is:\n\n```md\n**user**: this line is inside a code block\n[Timestamp: 2025/12/30 03:50:14]\n```\n\nAnything else?');
    expect(conversation.messages[3].at).toBe(new Date(2025, 11, 30, 3, 50, 15).getTime());
  });

  it('accepts missing timestamps and stamps at the end of the text line', () => {
    const conversation = importNote(COPILOT_NOTE);
    expect(conversation.messages[4]).toEqual({ role: 'user', at: null, content: 'no timestamp on this one' });
    expect(conversation.messages[5]).toEqual({ role: 'assistant', at: new Date(2025, 11, 30, 3, 51, 0).getTime(), content: 'inline stamp' });
  });

  it('reads the same note with Windows line endings', () => {
    const crlf = importNote(COPILOT_NOTE.replace(/\n/g, '\r\n'));
    expect(crlf).toEqual(importNote(COPILOT_NOTE));
    expect(crlf.messages.some((message) => message.content.includes('\r'))).toBe(false);
  });

  it('reads a note with no frontmatter and takes the title from the first question', () => {
    const conversation = importNote('**user**: hi there\n**ai**: hello');
    expect(conversation.title).toBe('hi there');
    expect(conversation.messages.map((message) => message.content)).toEqual(['hi there', 'hello']);
  });
});
