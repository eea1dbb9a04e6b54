import { runAgent } from '../../src/agent/run-agent';
import { ChatController, orderedMessages } from '../../src/chat';
import { parseAssistantContent } from '../../src/markers';
import { ScriptedChatModel, say } from '../support/scripted-chat-model';

// Issue 18: what the run setup reports (an MCP server that could not start) is a step of the
// run's trace, saved with the turn.

describe('ChatTurns', () => {
  it('shows the setup’s notices as the first steps of the run', async () => {
    const model = new ScriptedChatModel([[say.text('Hello.'), say.finish()]]);
    const controller = new ChatController({
      prepareRun: () => Promise.resolve({ model, tools: [], notices: ['weather: could not start: spawn weather-mcp ENOENT'] }),
      runAgent,
      model: 'm',
      loopStyle: 'tools',
      maxIterations: 3,
      scheduleFrame: (callback) => callback(),
    });
    await controller.send('Hi');
    const assistant = orderedMessages(controller.store.current()).at(-1)!;
    const reasoning = parseAssistantContent(assistant.content).reasoning;
    expect(reasoning?.steps[0]).toMatchObject({ kind: 'notice', summary: 'weather: could not start: spawn weather-mcp ENOENT' });
  });
});
