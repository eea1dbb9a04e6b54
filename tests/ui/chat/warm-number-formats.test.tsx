import { act, fireEvent, screen } from '@testing-library/react/pure';
import type { AgentEvent } from '../../../src/agent/events';
import { cleanupChat, mountChat } from '../../support/chat-harness';
import { T0 } from '../../support/ui-payloads';

type EventDraft = AgentEvent extends infer E ? (E extends AgentEvent ? Omit<E, 'runId' | 'at'> : never) : never;
const e = (event: EventDraft): AgentEvent => ({ runId: 'r1', at: T0, ...event });

const idle: IdleRequestCallback[] = [];
const view = window as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };

beforeEach(() => {
  // jsdom has no requestIdleCallback; Chromium (Obsidian) has.
  view.requestIdleCallback = (callback: IdleRequestCallback) => idle.push(callback);
  view.cancelIdleCallback = () => undefined;
});

afterEach(async () => {
  await cleanupChat();
  delete view.requestIdleCallback;
  delete view.cancelIdleCallback;
  jest.restoreAllMocks();
});

describe('number formats made while idle', () => {
  it("are made after the panel mounts, so a run's first step makes none in its frame", async () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    const chat = mountChat();
    expect(made).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    act(() => idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })));
    expect(made).toHaveBeenCalled();
    made.mockClear();

    fireEvent.input(screen.getByTestId('composer-input'), { target: { value: 'What changed?' } });
    await act(async () => {
      fireEvent.keyDown(screen.getByTestId('composer-input'), { key: 'Enter' });
    });
    const run = chat.scripted.runs[0];
    run.emit(e({ type: 'run_start', model: 'm', question: 'What changed?' }));
    run.emit(e({ type: 'step', step: { id: 's1', kind: 'tool', summary: 'Searching the vault', at: T0, tool: { name: 'localSearch', args: {}, status: 'ok', durationMs: 1_500 } } }));
    chat.frames.flush();
    // The step and its duration are on screen, formatted with the formats made before.
    expect(screen.getByTestId('assistant-message-body').textContent).toContain('1.5 s');
    expect(made).not.toHaveBeenCalled();
    await run.end('complete');
  });
});
