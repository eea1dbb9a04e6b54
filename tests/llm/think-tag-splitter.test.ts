import fc from 'fast-check';
import { ThinkTagSplitter, type ThinkTagSegment } from '../../src/llm/think-tag-splitter';

/** Feeds the pieces and folds the output into reasoning and text. */
function run(pieces: readonly string[], holdStartChars = 0): { reasoning: string; text: string; segments: ThinkTagSegment[] } {
  const splitter = new ThinkTagSplitter({ holdStartChars });
  const segments = [...pieces.flatMap((piece) => splitter.push(piece)), ...splitter.flush()];
  return {
    segments,
    reasoning: segments.filter((segment) => segment.type === 'reasoning').map((segment) => segment.text).join(''),
    text: segments.filter((segment) => segment.type === 'text').map((segment) => segment.text).join(''),
  };
}

/** Splits text at the given cut points. */
function cutAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((left, right) => left - right);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(text.slice(start, point));
    start = point;
  }
  pieces.push(text.slice(start));
  return pieces;
}

describe('ThinkTagSplitter', () => {
  it('splits <think> reasoning from the answer', () => {
    expect(run(['<think>Let me see.</think>The answer is 4.'])).toMatchObject({ reasoning: 'Let me see.', text: 'The answer is 4.' });
  });

  it('accepts <thinking> and upper case tags', () => {
    expect(run(['<THINKING>Hmm</Thinking>Done'])).toMatchObject({ reasoning: 'Hmm', text: 'Done' });
  });

  it('finds tags split at every position (property)', () => {
    const content = 'Intro <think>step one, step two</think> and the answer <b>bold</b> < 3.';
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        const result = run(cutAt(content, cuts));
        expect(result.reasoning).toBe('step one, step two');
        expect(result.text).toBe('Intro  and the answer <b>bold</b> < 3.');
      }),
    );
  });

  it('splits one character at a time for every tag form', () => {
    for (const [open, close] of [['<think>', '</think>'], ['<thinking>', '</thinking>']] as const) {
      const result = run([...`${open}abc${close}xyz`]);
      expect(result).toMatchObject({ reasoning: 'abc', text: 'xyz' });
    }
  });

  it('keeps arbitrary text without tags unchanged, however it is cut (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '<', '/', 't', 'h', 'i', 'n', 'k', '>', ' ', '\n', '`') }), fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        fc.pre(!/<\/?think(ing)?>/i.test(text));
        const result = run(cutAt(text, cuts));
        expect(result.text + result.reasoning).toBe(text);
        expect(result.reasoning).toBe('');
      }),
    );
  });

  it('classifies the same however the content is cut (property)', () => {
    const token = fc.constantFrom('<think>', '</think>', '<thinking>', '</thinking>', '```', '~~~', '\n', ' ', 'word', '<', '>', '`', 'x.', '<b>');
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 12 }), fc.constantFrom(0, 5, 600), (tokens, cuts, hold) => {
        const content = tokens.join('');
        const whole = run([...content], hold);
        const cut = run(cutAt(content, cuts), hold);
        expect(cut.text).toBe(whole.text);
        expect(cut.reasoning).toBe(whole.reasoning);
      }),
    );
  });

  it('leaves tags inside a fenced code block alone', () => {
    const content = 'Use it like this:\n```html\n<think>not reasoning</think>\n```\nDone.';
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), (cuts) => {
        const result = run(cutAt(content, cuts));
        expect(result.text).toBe(content);
        expect(result.reasoning).toBe('');
      }),
    );
  });

  it('a four-backtick fence is not closed by a three-backtick line (CommonMark), however it is cut', () => {
    const content = '````md\n```\n<think>still a code sample</think>\n````\n<think>real</think>answer';
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), (cuts) => {
        expect(run(cutAt(content, cuts))).toMatchObject({ reasoning: 'real', text: '````md\n```\n<think>still a code sample</think>\n````\nanswer' });
      }),
    );
  });

  it('recognises tags again after the fence closes', () => {
    expect(run(['~~~\n<think>x</think>\n~~~\n<think>real</think>answer'])).toMatchObject({ reasoning: 'real', text: '~~~\n<think>x</think>\n~~~\nanswer' });
  });

  it('releases a half-read tag at the end as text', () => {
    expect(run(['Answer <thi'])).toMatchObject({ text: 'Answer <thi', reasoning: '' });
  });

  it('keeps reasoning whose closing tag never came as reasoning', () => {
    expect(run(['<think>still thinking'])).toMatchObject({ reasoning: 'still thinking', text: '' });
  });

  it('drops a nested opening tag and a stray closing tag instead of showing them', () => {
    expect(run(['<think>a<think>b</think>c</think>d'])).toMatchObject({ reasoning: 'ab', text: 'cd' });
  });

  describe('missing opening tag', () => {
    it('within the window: the text before </think> is reasoning, however it is cut (property)', () => {
      const content = 'The user wants a summary. I should check the notes.</think>Here is the summary.';
      fc.assert(
        fc.property(fc.array(fc.nat(), { maxLength: 10 }), (cuts) => {
          const result = run(cutAt(content, cuts), 200);
          expect(result.reasoning).toBe('The user wants a summary. I should check the notes.');
          expect(result.text).toBe('Here is the summary.');
        }),
      );
    });

    it('beyond the window: the text already released stays text and the stray tag is dropped', () => {
      const result = run(['0123456789', 'abcdef</think>tail'], 8);
      expect(result.text).toBe('0123456789abcdeftail');
      expect(result.reasoning).toBe('');
    });

    it('without a closing tag the held text is released as text at the end', () => {
      expect(run(['A short answer.'], 200)).toMatchObject({ text: 'A short answer.', reasoning: '' });
    });

    it('an opening tag ends the window normally', () => {
      expect(run(['\n<think>r</think>t'], 200)).toMatchObject({ text: '\nt', reasoning: 'r' });
    });

    it('releaseStart() gives the held text out as text at once', () => {
      const splitter = new ThinkTagSplitter({ holdStartChars: 100 });
      expect(splitter.push('Partial')).toEqual([]);
      expect(splitter.releaseStart()).toEqual([{ type: 'text', text: 'Partial' }]);
      expect(splitter.push(' answer</think> more')).toEqual([{ type: 'text', text: ' answer more' }]);
    });
  });

  it('streams text at once when the window is off', () => {
    const splitter = new ThinkTagSplitter({ holdStartChars: 0 });
    expect(splitter.push('Hello')).toEqual([{ type: 'text', text: 'Hello' }]);
  });
});
