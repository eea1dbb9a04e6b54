import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot, sourceFiles } from '../../support/source-files';

// DESIGN.md 13.2: the chat view only mounts a session and attaches to it; what the user does to a
// session goes through the chat workspace, the one module that knows the view.

const VIEW = 'src/obsidian/chat/chat-view';
const ALLOWED = ['src/obsidian/workspace/chat-workspace.ts'];

/** The repository-relative modules `file` imports by a relative path (static, type-only or dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(repositoryRoot, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]);
  return specifiers.map((specifier) => path.posix.join(path.posix.dirname(file), specifier));
}

describe('who imports the chat view', () => {
  it('only the chat workspace imports chat-view', () => {
    const importers = sourceFiles('src').filter((file) => importsOf(file).includes(VIEW));
    expect(importers).toEqual(ALLOWED);
  });

  it('notices an import of chat-view, static or dynamic', () => {
    // The reader above is what the rule stands on: it must see both forms.
    expect(importsOf('src/obsidian/workspace/chat-workspace.ts')).toContain(VIEW);
    expect(importsOf('src/main.ts')).toEqual(expect.arrayContaining(['src/obsidian/workspace/chat-workspace', 'src/agent/run-agent']));
  });
});
