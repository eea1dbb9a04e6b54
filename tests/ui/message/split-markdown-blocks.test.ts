import { MarkdownBlockSplitter, splitMarkdownBlocks } from '../../../src/ui/message/split-markdown-blocks';

describe('splitMarkdownBlocks', () => {
  it('splits at blank lines', () => {
    expect(splitMarkdownBlocks('# Title\n\nFirst paragraph\nstill first\n\n\nSecond')).toEqual(['# Title', 'First paragraph\nstill first', 'Second']);
  });

  it('keeps a fenced code block with blank lines whole', () => {
    const markdown = 'Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter';
    expect(splitMarkdownBlocks(markdown)).toEqual(['Intro', '```ts\nconst a = 1;\n\nconst b = 2;\n```', 'After']);
  });

  it('keeps an unclosed fence (streaming) as one last block', () => {
    expect(splitMarkdownBlocks('Intro\n\n~~~\ncode\n\nmore')).toEqual(['Intro', '~~~\ncode\n\nmore']);
  });

  it('a three-backtick line inside a four-backtick fence keeps the block whole', () => {
    expect(splitMarkdownBlocks('````md\n```\n\n# not a block\n````\n\nAfter')).toEqual(['````md\n```\n\n# not a block\n````', 'After']);
  });

  it('a shorter fence does not close a longer one', () => {
    expect(splitMarkdownBlocks('````\n```\n\nx\n````\n\nend')).toEqual(['````\n```\n\nx\n````', 'end']);
  });

  it('keeps a math block whole', () => {
    expect(splitMarkdownBlocks('$$\na\n\nb\n$$\n\nc')).toEqual(['$$\na\n\nb\n$$', 'c']);
  });

  it('keeps indented continuations with the block above', () => {
    expect(splitMarkdownBlocks('- item\n\n  continued\n- next\n\nPara')).toEqual(['- item\n\n  continued\n- next', 'Para']);
  });

  it('gives back every non-blank line exactly once', () => {
    const markdown = 'a\n\n```\nb\n\n```\nc\n\n\n  d\n\ne';
    const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
    expect(splitMarkdownBlocks(markdown).flatMap(lines)).toEqual(lines(markdown));
  });

  it('a growing text only changes its last block', () => {
    const full = 'One\n\nTwo two\n\n```\ncode\n\n```\n\nThree';
    let previous: string[] = [];
    for (let end = 1; end <= full.length; end += 1) {
      const blocks = splitMarkdownBlocks(full.slice(0, end));
      // Every block before the previous last one is unchanged.
      expect(blocks.slice(0, Math.max(0, previous.length - 1))).toEqual(previous.slice(0, -1));
      previous = blocks;
    }
  });
});

describe('MarkdownBlockSplitter', () => {
  // Fences, math, indented continuations, blank runs and a line that becomes a fence as it grows.
  const answer = '## One\n\nPara with **bold**\nand more.\n\n- item\n\n  continued\n- next\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n$$\nx\n\ny\n$$\n\n\n\n| a | b |\n| --- | --- |\n\n``\n\nLast';

  it('gives what splitMarkdownBlocks gives at every length of a growing answer', () => {
    const splitter = new MarkdownBlockSplitter();
    for (let end = 0; end <= answer.length; end += 1) {
      const text = answer.slice(0, end);
      expect(splitter.split(text)).toEqual(splitMarkdownBlocks(text));
    }
  });

  it('keeps the finished blocks it returned before while the text grows', () => {
    const splitter = new MarkdownBlockSplitter();
    const before = splitter.split(answer.slice(0, answer.indexOf('$$')));
    const after = splitter.split(answer);
    // Unchanged (and the very same strings, which the renderer compares in O(1) each frame).
    before.slice(0, -1).forEach((block, index) => expect(after[index]).toBe(block));
  });

  it('splits afresh when the text was rewritten, not extended', () => {
    const splitter = new MarkdownBlockSplitter();
    splitter.split('One\n\nTwo\n\nThree');
    expect(splitter.split('Uno\n\nDos')).toEqual(['Uno', 'Dos']);
    expect(splitter.split('')).toEqual([]);
    expect(splitter.split('A\n\n    indented')).toEqual(['A\n\n    indented']);
  });
});
