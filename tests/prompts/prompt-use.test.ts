import { parsePromptNote, promptUse, runChoiceFor } from '../../src/prompts';

const weigh = parsePromptNote('Glassbox/Prompts/Weigh.md', '---\nmodel: qwen3:8b\nloop: reason-act-observe\n---\nWeigh {}.');
const plain = parsePromptNote('Glassbox/Prompts/Plain.md', 'Summarize {}.');
const chat = { model: 'llama3.2', loopStyle: 'tools' } as const;

describe('promptUse and runChoiceFor', () => {
  it("runs a question from a prompt with the prompt's model and loop", () => {
    const use = promptUse(weigh, [{ variable: '{}', filled: 'empty' }]);
    expect(use).toEqual({ name: 'Weigh', variables: [{ variable: '{}', filled: 'empty' }], model: 'qwen3:8b', loop: 'reason-act-observe' });
    expect(runChoiceFor(use, chat)).toEqual({ model: 'qwen3:8b', loopStyle: 'reason-act-observe' });
  });

  it("keeps the chat's choice for a prompt that sets neither, and for a question without a prompt", () => {
    expect(runChoiceFor(promptUse(plain, []), chat)).toEqual(chat);
    expect(runChoiceFor(undefined, chat)).toEqual(chat);
  });

  it('leaves out what the user fixed for the run (the CLI flags), so the choice wins and the trace does not name the prompt’s', () => {
    const use = promptUse(weigh, [], { model: true });
    expect(use).toEqual({ name: 'Weigh', variables: [], loop: 'reason-act-observe' });
    expect(runChoiceFor(use, chat)).toEqual({ model: 'llama3.2', loopStyle: 'reason-act-observe' });
    expect(runChoiceFor(promptUse(weigh, [], { model: true, loop: true }), chat)).toEqual(chat);
  });
});
