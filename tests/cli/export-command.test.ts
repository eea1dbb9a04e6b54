import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { runCli } from '../../src/cli/main';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';

// `glassbox export NOTE --html|--json [--out FILE]` (DESIGN.md 12.3) on a conversation saved by a
// real run (the real openai SDK against the scripted model server): a note read by a tool and an
// answer that both hold markup meant to run. The page is parsed by a real HTML parser (jsdom).

const HOSTILE_NOTE = '# Hostile\n\n<script>alert("note")</script>\n<img src=x onerror="alert(1)">\n<a href="javascript:alert(2)">click</a>\n';
const HOSTILE_ANSWER = '<think>Plan: <script>alert("think")</script></think>The note says <script>alert("answer")</script>, <img src=x onerror=alert(3)> and [open](javascript:alert(4)).';

let server: ModelServer;
let vault: string;
let saved: string;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      hostile: scenario()
        .turn((t) => t.toolCall('readNote', { path: 'Hostile.md' }, { id: 'call_1' }))
        .turn((t) => t.text(HOSTILE_ANSWER)),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-export-'));
  await writeFile(join(vault, 'Hostile.md'), HOSTILE_NOTE);
  const io = captureIo();
  await expect(runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', 'hostile', '--save', 'What does <b onmouseover=alert(5)>Hostile</b> say?'], io)).resolves.toBe(0);
  saved = join(vault, /^saved: (.+)$/m.exec(io.err())?.[1] ?? 'missing');
});

afterAll(async () => {
  await server.close();
  await rm(vault, { recursive: true, force: true });
});

async function exported(...args: string[]): Promise<{ status: number; out: string; err: string }> {
  const io = captureIo();
  const status = await runCli(['export', saved, ...args], io);
  return { status, out: io.out(), err: io.err() };
}

describe('glassbox export --html', () => {
  it('prints one page with no script, no event-handler attribute and no javascript: URL, showing the markup as text', async () => {
    const { status, out, err } = await exported('--html');
    expect(status).toBe(0);
    expect(err).toBe('');
    const document = new JSDOM(out).window.document;
    expect(document.querySelectorAll('script')).toHaveLength(0);
    const elements = [...document.querySelectorAll('*')];
    const attributes = elements.flatMap((element) => [...element.attributes].map((attribute) => [attribute.name, attribute.value]));
    expect(attributes.filter(([name]) => name.startsWith('on'))).toEqual([]);
    expect(attributes.filter(([, value]) => /javascript:/i.test(value))).toEqual([]);
    // Self-contained: nothing to load (no src, href or link), and the policy forbids it anyway.
    expect(attributes.filter(([name]) => name === 'src' || name === 'href')).toEqual([]);
    expect(document.querySelectorAll('link, img, iframe, object, embed, a, form')).toHaveLength(0);
    expect(document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    // The text is all there, as text.
    const text = document.body.textContent ?? '';
    expect(text).toContain('What does <b onmouseover=alert(5)>Hostile</b> say?');
    // The answer's Markdown is drawn: its link is text with its address beside it, never a link.
    expect(text).toContain('The note says <script>alert("answer")</script>, <img src=x onerror=alert(3)> and open (javascript:alert(4)).');
    expect(text).toContain('<img src=x onerror="alert(1)">');
    expect(text).toContain('<a href="javascript:alert(2)">click</a>');
    // The run's block is a <details>, the tool's output one inside it; the model's thinking is a step.
    const summaries = [...document.querySelectorAll('details > summary')].map((summary) => summary.textContent ?? '');
    expect(summaries[0]).toMatch(/^Thought for /);
    expect(summaries).toContain('Output');
    expect(document.querySelector('details.reasoning pre')?.textContent).toContain('<script>alert("note")</script>');
    expect(document.querySelector('details.reasoning')?.textContent).toContain('Plan: <script>alert("think")</script>');
  });

  it('--out FILE writes the same page to the file', async () => {
    const out = join(vault, 'export.html');
    const { status, err } = await exported('--html', '--out', out);
    expect(status).toBe(0);
    expect(err).toBe(`exported: ${out}\n`);
    expect(await readFile(out, 'utf8')).toBe((await exported('--html')).out);
  });
});

describe('glassbox export --json', () => {
  it('prints what inspect prints', async () => {
    const io = captureIo();
    await runCli(['inspect', saved], io);
    const { status, out } = await exported('--json');
    expect(status).toBe(0);
    expect(out).toBe(io.out());
    expect((JSON.parse(out) as { messages: unknown[] }).messages).toHaveLength(2);
  });

  it('the saved note of a real run carries the run properties a Base shows (tokens from the run’s usage)', async () => {
    const { out } = await exported('--json');
    const { frontmatter, messages } = JSON.parse(out) as { frontmatter: Record<string, unknown>; messages: { reasoning: { usage: { promptTokens: number; completionTokens: number } } }[] };
    const { usage } = messages[1].reasoning;
    expect(frontmatter).toMatchObject({ model: 'hostile', status: 'complete', tokens: usage.promptTokens + usage.completionTokens, cited: [] });
    expect(frontmatter.duration).toEqual(expect.any(Number));
  });
});

describe('glassbox export --markdown', () => {
  it('prints the plugin\'s plain-Markdown export: the reasoning block a folded callout, no marker, the answer\'s markup inert', async () => {
    const { status, out, err } = await exported('--markdown');
    expect(status).toBe(0);
    expect(err).toBe('');
    // The question's markup is in the title as text, never as a live tag.
    expect(out).toMatch(/^---\ntitle: "What does <\u200bb onmouseover=alert\(5\)>Hostile<\u200b\/b> say\?"/);
    expect(out).not.toContain('<b onmouseover');
    expect(out).toMatch(/^> \[!glassbox\]- Thought for /m);
    expect(out).not.toContain('REASONING_BLOCK');
    expect(out).not.toContain('GLASSBOX_MESSAGE');
    // The answer's raw HTML does not reach the page as a live element.
    expect(out).not.toMatch(/^The note says <script>/m);
  });
});

describe('glassbox export: mistakes', () => {
  it('needs exactly one format (exit 2), and a conversation note (exit 1, one sentence)', async () => {
    expect((await exported()).status).toBe(2);
    expect((await exported('--html', '--json')).status).toBe(2);
    expect((await exported('--markdown', '--otlp')).status).toBe(2);
    const io = captureIo();
    await expect(runCli(['export', join(vault, 'Hostile.md'), '--html'], io)).resolves.toBe(1);
    expect(io.err()).toBe(`"${join(vault, 'Hostile.md')}" is not a conversation note: it has no "🧑 You" or "🤖 Glassbox" headers and no "**user**:" lines.\n`);
  });
});
