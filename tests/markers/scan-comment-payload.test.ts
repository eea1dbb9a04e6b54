import { scanCommentPayload } from '../../src/markers/scan-comment-payload';

const scan = (payload: string) => scanCommentPayload(payload, 0);

describe('scanCommentPayload', () => {
  it('ends at the first --> outside a string', () => {
    expect(scan('{"a":"-->"}-->rest')).toEqual({ payloadEnd: 11, markerEnd: 14, closed: true, maxDepth: 1 });
  });

  it('skips escaped quotes inside strings', () => {
    expect(scan('{"a":"\\"-->"}-->').payloadEnd).toBe(13);
  });

  it('stops at a blank line when --> is missing', () => {
    expect(scan('{"a":1\n\nanswer')).toMatchObject({ payloadEnd: 6, closed: false });
  });

  it('stops right after a complete value followed by text', () => {
    expect(scan('{"a":1}Answer')).toMatchObject({ payloadEnd: 7, markerEnd: 7, closed: false });
  });

  it('takes a leftover "--" of a cut-off arrow along', () => {
    expect(scan('{"a":1}--\n\nA')).toMatchObject({ payloadEnd: 7, markerEnd: 9, closed: false });
  });

  it('ends a string at a raw line break', () => {
    expect(scan('{"a":"broken\n\nanswer"}-->')).toMatchObject({ payloadEnd: 12, closed: false });
  });

  it('reports the deepest nesting outside strings', () => {
    expect(scan('[[["[[[["]]]-->').maxDepth).toBe(3);
  });

  it('runs to the end when nothing ends it', () => {
    expect(scan('{"a":')).toEqual({ payloadEnd: 5, markerEnd: 5, closed: false, maxDepth: 1 });
  });

  // Regression (found by the CLI review): a broken marker with no --> and no blank line after it
  // swallowed the whole answer. The serializer writes a marker on one line, so the rest is answer.
  it('takes only the first line when nothing ends the marker before the content runs out', () => {
    expect(scan('{"v":1, broken\nAnswer.\nMore.')).toMatchObject({ payloadEnd: 14, markerEnd: 14, closed: false });
    expect(scan('\nAnswer.')).toMatchObject({ payloadEnd: 0, markerEnd: 0, closed: false });
  });
});
