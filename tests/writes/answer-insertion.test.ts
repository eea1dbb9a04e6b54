import { placeAnswer } from '../../src/writes/answer-insertion';

const insert = (note: string, cursor: number, answer = 'Here is the answer.') => {
  const place = placeAnswer({ note, cursor, editing: true, answer });
  return { text: note.slice(0, place.offset) + place.text + note.slice(place.offset), caret: place.offset + place.answerEnd };
};

// Issue 38 item 9: under "#handbook" the answer was glued to the line above and read as one paragraph with it.
describe('placeAnswer at the cursor', () => {
  it('sets the answer apart from the line above by a blank line', () => {
    expect(insert('#handbook\n', 10).text).toBe('#handbook\n\nHere is the answer.');
    expect(insert('#handbook', 9).text).toBe('#handbook\n\nHere is the answer.');
  });

  it('and from the text after it; the cursor stays at the end of the answer', () => {
    const { text, caret } = insert('One\nTwo', 3);
    expect(text).toBe('One\n\nHere is the answer.\n\nTwo');
    expect(text.slice(0, caret)).toBe('One\n\nHere is the answer.');
  });

  it('goes into the line as placed when the cursor is inside a line of text', () => {
    expect(insert('Line two', 4, ' (answer)').text).toBe('Line (answer) two');
  });

  it('adds nothing where a blank line or the note\'s start already sets it apart', () => {
    expect(insert('One\n\n', 5).text).toBe('One\n\nHere is the answer.');
    expect(insert('', 0).text).toBe('Here is the answer.');
    expect(insert('---\ntags: [a]\n---\nBody', 18).text).toBe('---\ntags: [a]\n---\nHere is the answer.\n\nBody');
  });
});
