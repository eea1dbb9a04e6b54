import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { chatRequests } from '../support/wire-messages';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// Issue 12, DESIGN.md 11.4: `glassbox ask --note PATH`, `[[links]]` in the question, `--folder`
// and `--tag`, through the built CLI, the real openai SDK and the scripted server over loopback.

const NOTES: Record<string, string> = {
  'Projects/Alpha/Plan.md': '---\ntags: [project]\n---\n# Plan\nShip the alpha by March.\n',
  'Projects/Alpha/Notes.md': '# Notes\nAlpha meeting notes: the budget is 40k.\n',
  'Archive/Notes.md': '# Notes\nOld archive notes about the 2019 budget.\n',
  'People/Maria Lopez.md': '---\naliases: [Maria]\n---\n# Maria Lopez\nMaria leads the alpha design.\n',
  'Recipes/Soup.md': '---\ntags: [food]\n---\n# Soup\nTomato soup with basil.\n',
};

let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: {
      answer: scenario().turn((t) => t.text('Alpha ships in March ([[Plan]]).')),
      'search-soup': scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'soup basil' }, { id: 'c1' }).toolCall('readNote', { path: 'Recipes/Soup.md' }, { id: 'c2' }))
        .turn((t) => t.text('No soup in the projects.')),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-ask-context-'));
  for (const [path, text] of Object.entries(NOTES)) {
    await mkdir(join(vault, path, '..'), { recursive: true });
    await writeFile(join(vault, path), text);
  }
});

afterAll(async () => {
  await Promise.all([server.close(), cli.remove(), rm(vault, { recursive: true, force: true })]);
});

type Body = { messages: { role: string; content: string; tool_call_id?: string }[] };

async function ask(args: string[]) {
  const before = chatRequests(server).length;
  const result = await cli.run(['ask', '--vault', vault, '--base-url', server.url, ...args]);
  const requests = chatRequests(server).slice(before).map((request) => request.body as Body);
  return { ...result, requests, firstQuestion: requests[0]?.messages.at(-1)?.content ?? '' };
}

describe('glassbox ask with attached notes and a scope', () => {
  it('--note sends the note in the first request and the trace lists it first', async () => {
    const { status, stdout, firstQuestion } = await ask(['--model', 'answer', '--note', 'Projects/Alpha/Plan.md', 'When does it ship?']);
    expect(status).toBe(0);
    expect(firstQuestion).toContain('<attached path="Projects/Alpha/Plan.md">');
    expect(firstQuestion).toContain('Ship the alpha by March.');
    expect(stdout).toMatch(/^ {2}• Attached Plan \(~\d+ tokens\)$/m);
  });

  it('accepts a filesystem path inside the vault for --note, and resolves [[links]] by alias and to the shortest duplicate', async () => {
    const { status, firstQuestion, stdout } = await ask(['--model', 'answer', '--note', join(vault, 'People/Maria Lopez.md'), 'What do [[Maria]] and [[Notes]] say, and [[Nowhere]]?']);
    expect(status).toBe(0);
    expect(firstQuestion).toContain('<attached path="People/Maria Lopez.md">');
    expect(firstQuestion).toContain('<attached path="Archive/Notes.md">');
    expect(firstQuestion).not.toContain('the budget is 40k');
    expect(stdout).toContain('No note found for [[Nowhere]]');
  });

  it('a --note that does not exist is a usage error: exit 2, one sentence, no request', async () => {
    const { status, stderr, requests } = await ask(['--model', 'answer', '--note', 'Projects/Missing.md', 'Hi']);
    expect(status).toBe(2);
    expect(stderr.trim().split('\n')[0]).toBe('--note Projects/Missing.md is not a note of the vault (give its path inside the vault, e.g. --note "Projects/Alpha.md").');
    expect(requests).toHaveLength(0);
  });

  it('--folder and --tag limit the vault tools; --save records the attachments, and inspect reports them', async () => {
    const { status, stderr, requests } = await ask(['--model', 'search-soup', '--folder', 'Projects', '--tag', '#project', '--note', 'People/Maria Lopez.md', '--save', 'Anything about soup?']);
    expect(status).toBe(0);
    const tool = (id: string) => requests[1].messages.find((message) => message.tool_call_id === id)!.content;
    expect(tool('c1')).not.toContain('Recipes/Soup.md');
    expect(tool('c2')).toContain('outside the scope of this question (Projects/, #project)');
    const saved = /^saved: (.+)$/m.exec(stderr)![1];
    const note = await readFile(join(vault, saved), 'utf8');
    expect(note).toContain('Anything about soup?\n\n📎 [[People/Maria Lopez.md|Maria Lopez]] · scope: Projects/, `#project`\n');
    const inspected = await cli.run(['inspect', join(vault, saved)]);
    expect(inspected.status).toBe(0);
    const parsed = JSON.parse(inspected.stdout) as { messages: { role: string; text: string; attachments?: unknown; reasoning: { steps: { kind: string; summary: string }[] } | null }[] };
    expect(parsed.messages[0]).toMatchObject({ role: 'user', text: 'Anything about soup?', attachments: { notes: [{ kind: 'note', path: 'People/Maria Lopez.md' }], scope: { folders: ['Projects'], tags: ['project'] } } });
    expect(parsed.messages[1].reasoning?.steps[0]).toMatchObject({ kind: 'context', summary: 'Attached Maria Lopez (~18 tokens); scope: Projects/, #project' });
  });

  it.each([
    [['--tag', 'nothing-has-this'], 'The scope #nothing-has-this holds no note of the vault; check --folder and --tag.\n'],
    [['--folder', 'Nowhere'], 'The scope Nowhere/ holds no note of the vault; check --folder and --tag.\n'],
  ])('a scope that holds no note (%j) is one sentence and exit 2, a tag as a folder (issue 26)', async (flags, sentence) => {
    const { status, stdout, stderr } = await ask(['--model', 'answer', ...flags, 'Anything?']);
    expect(status).toBe(2);
    expect(stderr).toBe(sentence);
    expect(stdout).toBe('');
  });
});
