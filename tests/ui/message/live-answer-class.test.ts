import { markAnswerLive } from '../../../src/ui/message/live-answer-class';
import '../../../tools/fake-obsidian';

const LIVE = 'glassbox-message-live';
const SETTLING = 'glassbox-message-settling';

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

  test('a finished answer keeps it through the frame that renders the end, settles for one frame, then loses both', () => {
    const frames = manualFrames();
    const el = body();
    markAnswerLive(el, true);
    markAnswerLive(el, false);
    expect(el.className).toBe(LIVE);
    frames.frame();
    expect(el.className).toBe(LIVE);
    // One frame where its blocks remember their heights (styles.css) before they can be skipped.
    frames.frame();
    expect(el.className).toBe(SETTLING);
    frames.frame();
    expect(el.className).toBe('');
  });

  test('answers that end together settle one at a time', () => {
    const frames = manualFrames();
    const answers = [body(), body(), body()];
    for (const el of answers) markAnswerLive(el, true);
    for (const el of answers) markAnswerLive(el, false);
    const classes = () => answers.map((el) => el.className);
    frames.frame();
    expect(classes()).toEqual([LIVE, LIVE, LIVE]);
    frames.frame();
    expect(classes()).toEqual([SETTLING, LIVE, LIVE]);
    frames.frame();
    expect(classes()).toEqual(['', LIVE, LIVE]);
    frames.frame();
    expect(classes()).toEqual(['', SETTLING, LIVE]);
    frames.frame();
    frames.frame();
    frames.frame();
    expect(classes()).toEqual(['', '', '']);
  });

  test('an answer that goes live again while it settles is live again', () => {
    const frames = manualFrames();
    const el = body();
    markAnswerLive(el, true);
    markAnswerLive(el, false);
    frames.frame();
    frames.frame();
    expect(el.className).toBe(SETTLING);
    markAnswerLive(el, true);
    frames.frame();
    frames.frame();
    expect(el.className).toBe(LIVE);
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
