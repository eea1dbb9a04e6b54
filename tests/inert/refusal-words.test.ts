import { setUiLanguage } from '../../src/i18n';
import { inertFileText, LiveTextError } from '../../src/inert';

// A refused write says why in the UI's language (the plugin sets it from Obsidian's; the CLI stays
// English), naming the place and what was found there.

function refusal(text: string): string {
  try {
    inertFileText(text, { path: 'Notes/Answer.md' });
  } catch (thrown) {
    if (thrown instanceof LiveTextError) return thrown.message;
    throw thrown;
  }
  throw new Error('the text was not refused');
}

describe('the refusal of a file that would run something', () => {
  afterEach(() => {
    setUiLanguage('en');
  });

  it('is said in English by default (the CLI)', () => {
    expect(refusal('Fine.\n\n`$= dv.el("b", "x")`\n')).toBe('Glassbox did not write "Notes/Answer.md": line 3, column 2 holds inline code starting with a Dataview query, which another plugin would run or Obsidian would load. Nothing was written.');
  });

  it('is said in the UI’s language, what was found included', () => {
    setUiLanguage('de');
    expect(refusal('```dataviewjs\ndv.el("b", "x")\n```\n')).toBe('Glassbox hat „Notes/Answer.md“ nicht geschrieben: Zeile 1, Spalte 1 enthält einen Codeblock in „dataviewjs“, den ein Plugin ausführt, das ein anderes Plugin ausführen oder Obsidian laden würde. Es wurde nichts geschrieben.');
    setUiLanguage('ja');
    expect(refusal('<% tp.file.title %>')).toContain('Templater のタグ「<%」');
  });
});
