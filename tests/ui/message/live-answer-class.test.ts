import { markAnswerLive } from '../../../src/ui/message/live-answer-class';
import '../../../tools/fake-obsidian';

const LIVE = 'glassbox-message-live';

/** Animation frames run by hand: each `frame()` runs the callbacks requested before it. */
function manualFrames() {
  let waiting: FrameRequestCallback[] = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    waiting.push(callback);
    return waiting.length;
  });
  return {
    frame() {
      const now = waiting;
      waiting = [];
      for (const callback of now) callback(0);
    },
  };
}

function body(): HTMLElement {
  return document.body.createDiv();
}

afterEach(() => jest.restoreAllMocks());

describe('markAnswerLive', () => {
  test('a live answer gets the class at once', () => {
    manualFrames();
    const el = body();
    markAnswerLive(el, true);
    expect(el.classList.contains(LIVE)).toBe(true);
  });

  test('a finished answer keeps it through the frame that renders the end, then loses it', () => {
    const frames = manualFrames();
    const el = body();
    markAnswerLive(el, true);
    markAnswerLive(el, false);
    expect(el.classList.contains(LIVE)).toBe(true);
    frames.frame();
    expect(el.classList.contains(LIVE)).toBe(true);
    frames.frame();
    expect(el.classList.contains(LIVE)).toBe(false);
  });

  test('answers that end together lose it one per frame', () => {
    const frames = manualFrames();
    const answers = [body(), body(), body()];
    for (const el of answers) markAnswerLive(el, true);
    for (const el of answers) markAnswerLive(el, false);
    const stillLive = () => answers.filter((el) => el.classList.contains(LIVE)).length;
    frames.frame();
    expect(stillLive()).toBe(3);
    frames.frame();
    expect(stillLive()).toBe(2);
    frames.frame();
    expect(stillLive()).toBe(1);
    frames.frame();
    expect(stillLive()).toBe(0);
  });

  test('an answer that goes live again before its turn keeps the class', () => {
    const frames = manualFrames();
    const el = body();
    markAnswerLive(el, true);
    markAnswerLive(el, false);
    markAnswerLive(el, true);
    frames.frame();
    frames.frame();
    frames.frame();
    expect(el.classList.contains(LIVE)).toBe(true);
  });
});
