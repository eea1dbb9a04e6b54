import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildCli, type BuiltCli } from '../support/built-cli';
import { type ImitatedServer, startImitatedServer } from '../support/imitated-model-servers';

// `glassbox doctor` (DESIGN.md 12.5, issue 30): the built CLI as a user runs it, against loopback
// servers that behave like Ollama and llama.cpp (the real openai SDK makes the one-token call).

let cli: BuiltCli;
let ollama: ImitatedServer;
let small: ImitatedServer;

beforeAll(async () => {
  cli = await buildCli();
  ollama = await startImitatedServer('Ollama', { window: 8192, model: 'qwen3:8b', otherModels: ['gemma3:4b'] });
  small = await startImitatedServer('llama.cpp', { window: 1024, model: 'qwen3-4b' });
});

afterAll(async () => {
  await Promise.all([ollama.close(), small.close(), cli.remove()]);
});

describe('glassbox doctor', () => {
  it('passes against a good server: one line per check, exit 0', async () => {
    const outcome = await cli.run(['doctor', '--base-url', ollama.url, '--model', 'qwen3:8b']);
    expect(outcome.stderr).toBe('');
    const lines = outcome.stdout.split('\n');
    // A small window gets the compact instructions and tools (DESIGN.md 13.6): at most 1,200 tokens, said so.
    expect(lines[3]).toMatch(/^✓ Context window: 4,096 tokens \(Ollama default\); the instructions and tools, in their compact form for a small window, take about [\d,]+\.$/);
    expect(Number(/about ([\d,]+)/.exec(lines[3] ?? '')?.[1]?.replace(/,/g, ''))).toBeLessThanOrEqual(1200);
    expect([...lines.slice(0, 3), ...lines.slice(4)]).toEqual([
      `✓ Ollama answers at ${ollama.url}.`,
      '✓ No API key needed.',
      '✓ Model "qwen3:8b" is on the server.',
      '✓ Tools accepted (a one-token request with one tool).',
      '– Reasoning: none in the first token (the trace shows the steps; fine for models that do not think aloud).',
      'A chat would work.',
      '',
    ]);
    expect(outcome.status).toBe(0);
  });

  it('takes GLASSBOX_BASE_URL and GLASSBOX_MODEL, prints JSON for scripts, and names the closest model, exit 1', async () => {
    const outcome = await cli.run(['doctor', '--json', '--no-model-call'], { env: { GLASSBOX_BASE_URL: ollama.url, GLASSBOX_MODEL: 'qwen3:8b' } });
    expect(JSON.parse(outcome.stdout)).toMatchObject({ ok: true, baseUrl: ollama.url, model: 'qwen3:8b' });
    expect(outcome.status).toBe(0);
    const wrong = await cli.run(['doctor', '--json'], { env: { GLASSBOX_BASE_URL: ollama.url, GLASSBOX_MODEL: 'gemma3:4' } });
    const report = JSON.parse(wrong.stdout) as { ok: boolean; model: string; checks: { id: string; status: string; text: string; fix?: string }[] };
    expect(report.ok).toBe(false);
    expect(report.model).toBe('gemma3:4');
    expect(report.checks.find((check) => check.id === 'model')).toEqual({
      id: 'model',
      status: 'fail',
      text: 'The server has no model "gemma3:4"; closest: gemma3:4b.',
      fix: "Set --model (or GLASSBOX_MODEL) to gemma3:4b, the closest of the server's models, or download it with: ollama pull gemma3:4.",
    });
    expect(wrong.status).toBe(1);
  });

  it('names the fix for a window smaller than the tools need, and for nothing listening', async () => {
    const tooSmall = await cli.run(['doctor', '--base-url', small.url, '--model', 'qwen3-4b', '--no-model-call']);
    expect(tooSmall.stdout).toMatch(/^✗ Context window: 1,024 tokens \(llama\.cpp \/props\), too small for the instructions and tools \(about [\d,]+ tokens\) with a question and its answer\.\n {2}Fix: Start llama-server with a larger window, e\.g\. -c 2048\.$/m);
    expect(tooSmall.stdout).toContain('– Tools: not checked (no model call was made).');
    expect(tooSmall.stdout.trimEnd().split('\n').at(-1)).toBe('A chat would not work yet: see the fixes above.');
    expect(tooSmall.status).toBe(1);
    expect(small.chats).toHaveLength(0);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nothing = await cli.run(['doctor', '--base-url', `http://127.0.0.1:${port}/v1`, '--model', 'qwen3:8b']);
    expect(nothing.stdout.split('\n').slice(0, 2)).toEqual([`✗ Nothing answers at http://127.0.0.1:${port}/v1.`, '  Fix: Start the model server (for Ollama: ollama serve; in LM Studio: start its server) or correct --base-url (or GLASSBOX_BASE_URL).']);
    expect(nothing.status).toBe(1);
  });

  it('is a usage error (exit 2) for a word it does not take', async () => {
    const outcome = await cli.run(['doctor', 'now']);
    expect(outcome.stderr).toBe('Unexpected argument "now": glassbox doctor takes flags only.\n');
    expect(outcome.status).toBe(2);
  });
});
