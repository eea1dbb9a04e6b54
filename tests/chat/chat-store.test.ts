import { ChatController, ChatStore } from '../../src/chat';


function emptyState() {
  const controller = new ChatController({ prepareRun: () => Promise.reject(new Error('unused')), runAgent: () => Promise.reject(new Error('unused')), model: 'm', loopStyle: 'tools', maxIterations: 10, scheduleFrame: () => {} });
  return controller.store.getState();
}

describe('ChatStore', () => {
  it('publishes queued changes once per frame, in order, and urgent ones at once', () => {
    const frames: (() => void)[] = [];
    const store = new ChatStore(emptyState(), (callback) => frames.push(callback));
    let notified = 0;
    store.subscribe(() => (notified += 1));
    for (let index = 1; index <= 50; index += 1) store.update((state) => ({ ...state, maxIterations: index }));
    expect(frames).toHaveLength(1);
    expect(store.getState().maxIterations).toBe(10);
    frames.shift()!();
    expect(store.getState().maxIterations).toBe(50);
    expect(notified).toBe(1);

    store.update((state) => ({ ...state, model: 'a' }));
    store.update((state) => ({ ...state, error: 'now' }), 'now');
    expect(store.getState().model).toBe('a');
    expect(store.getState().error).toBe('now');
    expect(notified).toBe(2);
    frames.shift()!();
    expect(notified).toBe(2);
  });

  it("publishes a run's urgent change at once only when its frame has not published yet", () => {
    const frames: (() => void)[] = [];
    const store = new ChatStore(emptyState(), (callback) => frames.push(callback));
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.update((state) => ({ ...state, error: 'first' }), 'soon');
    expect(notified).toBe(1);
    store.update((state) => ({ ...state, running: false, error: 'end' }), 'soon');
    expect(notified).toBe(1);
    expect(store.getState().error).toBe('first');
    expect(store.current().error).toBe('end');
    frames.shift()!();
    expect(notified).toBe(2);
    expect(store.getState().error).toBe('end');
    // A frame with nothing to publish opens the next one: the next urgent change is immediate again.
    frames.shift()!();
    expect(frames).toHaveLength(0);
    store.update((state) => ({ ...state, error: 'later' }), 'soon');
    expect(notified).toBe(3);
  });

  it("publishes the ends of runs that end together in chats of one window in consecutive frames, one a frame", () => {
    const frames: (() => void)[] = [];
    const schedule = (callback: () => void) => frames.push(callback);
    const runFrame = () => frames.splice(0).forEach((callback) => callback());
    const stores = Array.from({ length: 4 }, () => new ChatStore(emptyState(), schedule));
    const ended = stores.map(() => 0);
    stores.forEach((store, index) => store.subscribe(() => (ended[index] = store.getState().running ? 0 : ended[index] + 1)));
    stores.forEach((store) => store.update((state) => ({ ...state, running: true }), 'now'));
    ended.fill(0);
    runFrame();
    // The four runs end in one task (the four sessions' streams end together).
    stores.forEach((store, index) => store.update((state) => ({ ...state, running: false, error: `end ${index}` }), 'end'));
    expect(ended).toEqual([1, 0, 0, 0]);
    const perFrame: number[] = [];
    for (let frame = 0; frame < 8 && ended.some((count) => count === 0); frame += 1) {
      const before = ended.reduce((sum, count) => sum + count, 0);
      runFrame();
      perFrame.push(ended.reduce((sum, count) => sum + count, 0) - before);
    }
    // Every end is published, each once, never two in one frame.
    expect(ended).toEqual([1, 1, 1, 1]);
    expect(Math.max(...perFrame)).toBe(1);
    expect(stores.map((store) => store.getState().error)).toEqual(['end 0', 'end 1', 'end 2', 'end 3']);
  });

  it("publishes a run's end at once in a chat of its own", () => {
    const frames: (() => void)[] = [];
    const store = new ChatStore(emptyState(), (callback) => frames.push(callback));
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.update((state) => ({ ...state, error: 'end' }), 'end');
    expect(notified).toBe(1);
    frames.splice(0).forEach((callback) => callback());
    store.update((state) => ({ ...state, error: 'next run ended' }), 'end');
    expect(notified).toBe(2);
  });

  it('does not notify when nothing changed', () => {
    const store = new ChatStore(emptyState(), (callback) => callback());
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.update((state) => state);
    expect(notified).toBe(0);
    expect(store.publishCount).toBe(0);
  });
});

describe('ChatStore answer text', () => {
  it('publishes text in a frame, but not in two frames in a row; other changes never wait', () => {
    const frames: (() => void)[] = [];
    const store = new ChatStore(emptyState(), (callback) => frames.push(callback));
    let notified = 0;
    store.subscribe(() => (notified += 1));
    const frame = () => frames.shift()!();
    store.update((state) => ({ ...state, notice: 'a' }), 'text');
    frame();
    expect(notified).toBe(1);
    store.update((state) => ({ ...state, notice: 'ab' }), 'text');
    frame();
    expect(notified).toBe(1);
    expect(store.getState().notice).toBe('a');
    frame();
    expect(notified).toBe(2);
    expect(store.getState().notice).toBe('ab');
    // A change that is not text publishes in the very next frame, text queued with it included.
    store.update((state) => ({ ...state, notice: 'abc' }), 'text');
    store.update((state) => ({ ...state, error: 'step' }));
    frame();
    expect(notified).toBe(3);
    expect(store.getState().notice).toBe('abc');
  });
});
