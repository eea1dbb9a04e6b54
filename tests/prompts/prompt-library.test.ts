import { closePromptNames, findPrompt, listPrompts, parsePromptNote, type PromptNotes } from '../../src/prompts';

function vault(files: Record<string, string>): PromptNotes {
  return {
    listPaths: () => Object.keys(files),
    read: async (path) => {
      if (!(path in files)) throw new Error(`ENOENT: ${path}`);
      return files[path];
    },
  };
}

describe('parsePromptNote', () => {
  it('reads the description, model and loop from the frontmatter and the body as the template', () => {
    const prompt = parsePromptNote('Glassbox/Prompts/Summarize.md', '---\ndescription: Three bullets\nmodel: qwen3:8b\nloop: reason-act-observe\n---\n\nSummarize {activeNote} in three bullets.\n');
    expect(prompt).toEqual({ name: 'Summarize', path: 'Glassbox/Prompts/Summarize.md', description: 'Three bullets', model: 'qwen3:8b', loop: 'reason-act-observe', template: 'Summarize {activeNote} in three bullets.' });
  });

  it('reads a Copilot prompt file unchanged: its own keys ignored, its body the template', () => {
    const copilot = '---\ncopilot-command-context-menu-enabled: true\ncopilot-command-slash-enabled: true\ncopilot-command-context-menu-order: 10\ncopilot-command-model-key: ""\ncopilot-command-last-used: 0\n---\nFix the grammar and spelling of {}. Return only the fixed text.';
    const prompt = parsePromptNote('copilot-custom-prompts/Fix grammar and spelling.md', copilot);
    expect(prompt).toEqual({ name: 'Fix grammar and spelling', path: 'copilot-custom-prompts/Fix grammar and spelling.md', template: 'Fix the grammar and spelling of {}. Return only the fixed text.' });
  });

  it('leaves out a loop value it does not know, and takes a note without frontmatter whole', () => {
    expect(parsePromptNote('P/x.md', '---\nloop: fast\n---\nHi').loop).toBeUndefined();
    expect(parsePromptNote('P/x.md', 'Just {}').template).toBe('Just {}');
  });
});

describe('listPrompts', () => {
  const files = {
    'Glassbox/Prompts/Summarize.md': 'Summarize {}',
    'Glassbox/Prompts/Drafts/Not a prompt.md': 'nested notes are not prompts',
    'copilot-custom-prompts/summarize.md': 'Copilot version',
    'copilot-custom-prompts/Translate.md': 'Translate {}',
    'Notes/Summarize.md': 'a note elsewhere',
    'Glassbox/Prompts/picture.png': '',
  };

  it("lists the prompts folder's notes and Copilot's, ours winning on a shared name", async () => {
    const prompts = await listPrompts(vault(files));
    expect(prompts.map((prompt) => [prompt.name, prompt.template])).toEqual([
      ['Summarize', 'Summarize {}'],
      ['Translate', 'Translate {}'],
    ]);
  });

  it('reads another folder when the setting names one, and skips a note it cannot read', async () => {
    const notes = vault({ 'My prompts/A.md': 'a' });
    const broken: PromptNotes = { listPaths: () => ['My prompts/A.md', 'My prompts/B.md'], read: notes.read };
    expect((await listPrompts(broken, '/My prompts/')).map((prompt) => prompt.name)).toEqual(['A']);
  });
});

describe('findPrompt and closePromptNames', () => {
  const prompts = ['Summarize', 'Translate to French', 'Fix grammar', 'Meeting notes'].map((name) => parsePromptNote(`P/${name}.md`, ''));

  it('finds a prompt whatever the case', () => {
    expect(findPrompt(prompts, 'summarize')?.name).toBe('Summarize');
    expect(findPrompt(prompts, 'Summary')).toBeUndefined();
  });

  it('suggests the names a typo or a part is close to, and nothing for a stranger', () => {
    expect(closePromptNames(prompts, 'sumarize')).toEqual(['Summarize']);
    expect(closePromptNames(prompts, 'translate')).toEqual(['Translate to French']);
    expect(closePromptNames(prompts, 'quantum physics')).toEqual([]);
  });
});
