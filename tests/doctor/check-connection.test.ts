import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkConnection, type CheckConnectionOptions, type ConnectionFixWords, formatConnectionReport } from '../../src/doctor';
import { setUiLanguage } from '../../src/i18n';
import { createVaultTools, VaultIndex } from '../../src/search';
import { type ImitatedServer, type ImitatedServerKind, type ImitatedServerOptions, startImitatedServer } from '../support/imitated-model-servers';

const WORDS: ConnectionFixWords = { baseUrl: 'BASE_URL', model: 'MODEL', apiKey: 'API_KEY', contextWindow: 'CONTEXT_WINDOW', embeddings: 'EMBEDDINGS' };

const servers: ImitatedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function imitate(kind: ImitatedServerKind, options: Partial<ImitatedServerOptions> = {}): Promise<ImitatedServer> {
  const server = await startImitatedServer(kind, { window: 8192, model: 'qwen3:8b', ...options });
  servers.push(server);
  return server;
}

// The chat's vault tools do not depend on the notes: an empty index gives the ones every run sends.
async function vaultTools() {
  const source = { listNotes: () => Promise.resolve([]), read: () => Promise.resolve('') };
  return createVaultTools({ index: await VaultIndex.build(source), source });
}

async function check(options: Partial<CheckConnectionOptions> & { baseUrl: string }) {
  return checkConnection({ model: 'qwen3:8b', modelCall: true, tools: await vaultTools(), words: WORDS, ...options });
}

function line(report: Awaited<ReturnType<typeof check>>, id: string) {
  return report.checks.find((entry) => entry.id === id);
}

describe('checkConnection', () => {
  it.each<ImitatedServerKind>(['Ollama', 'LM Studio', 'llama.cpp', 'vLLM'])('passes every check against a good %s server and names it', async (kind) => {
    const server = await imitate(kind);
    const report = await check({ baseUrl: server.url });
    expect(report.checks.map((entry) => [entry.id, entry.status])).toEqual([
      ['reachable', 'pass'],
      ['key', 'pass'],
      ['model', 'pass'],
      ['window', 'pass'],
      ['tools', 'pass'],
      ['reasoning', 'skip'],
    ]);
    expect(report.ok).toBe(true);
    expect(line(report, 'reachable')?.text).toBe(`${kind} answers at ${server.url}.`);
    // Ollama's window is its default when the model sets no num_ctx; the others report the 8,192 they run.
    expect(line(report, 'window')?.text).toMatch(kind === 'Ollama' ? /^Context window: 4,096 tokens \(Ollama default\)/ : /^Context window: 8,192 tokens \((llama\.cpp \/props|LM Studio \/api\/v0\/models|vLLM \/v1\/models)\)/);
    expect(formatConnectionReport(report)).not.toContain('Fix:');
  });

  it('names the fix when nothing listens at the base URL, and checks nothing else', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const report = await check({ baseUrl: `http://127.0.0.1:${port}/v1` });
    expect(report.ok).toBe(false);
    expect(report.checks[0]).toEqual({ id: 'reachable', status: 'fail', text: `Nothing answers at http://127.0.0.1:${port}/v1.`, fix: 'Start the model server (for Ollama: ollama serve; in LM Studio: start its server) or correct BASE_URL.' });
    expect(report.checks.slice(1).every((entry) => entry.status === 'skip')).toBe(true);
  });

  it('suggests the closest names the server lists for a model it does not have', async () => {
    const server = await imitate('Ollama', { otherModels: ['llama3.2:3b', 'gemma3:4b'] });
    const report = await check({ baseUrl: server.url, model: 'qwen3:8' });
    expect(line(report, 'model')).toEqual({ id: 'model', status: 'fail', text: 'The server has no model "qwen3:8"; closest: qwen3:8b.', fix: "Set MODEL to qwen3:8b, the closest of the server's models, or download it with: ollama pull qwen3:8." });
    expect(line(report, 'tools')?.status).toBe('skip');
    expect(report.ok).toBe(false);
  });

  it('takes "qwen3" for Ollama\'s "qwen3:latest"', async () => {
    const server = await imitate('Ollama', { model: 'qwen3:latest' });
    const report = await check({ baseUrl: server.url, model: 'qwen3', modelCall: false });
    expect(line(report, 'model')?.status).toBe('pass');
  });

  it('says when the model refuses tools, in the server\'s words, with the fix', async () => {
    const server = await imitate('Ollama', { model: 'gemma3:4b', refusesTools: true });
    const report = await check({ baseUrl: server.url, model: 'gemma3:4b' });
    expect(line(report, 'tools')).toEqual({
      id: 'tools',
      status: 'fail',
      text: 'The model refuses tools: "registry.ollama.ai/library/gemma3:4b does not support tools".',
      fix: 'Set MODEL to a model that supports tools; until then Glassbox answers it from a search of your notes, without tools.',
    });
    expect(report.ok).toBe(false);
  });

  it('says the key was refused (401) and never shows it', async () => {
    const server = await imitate('vLLM', { apiKey: 'sk-right-key-0123456789' });
    const report = await check({ baseUrl: server.url, apiKey: 'sk-wrong-key-9876543210' });
    expect(line(report, 'key')).toEqual({ id: 'key', status: 'fail', text: 'The server refused the API key (401).', fix: 'Set API_KEY to a key this server accepts.' });
    expect(JSON.stringify(report)).not.toContain('9876543210');
    expect(report.ok).toBe(false);
    const missing = await check({ baseUrl: server.url });
    expect(line(missing, 'key')?.text).toBe('The server wants an API key (401).');
    const right = await check({ baseUrl: server.url, apiKey: 'sk-right-key-0123456789' });
    expect(line(right, 'key')?.text).toBe('API key accepted.');
    expect(right.ok).toBe(true);
  });

  it('fails a window smaller than the instructions and tools need, with the server\'s own fix', async () => {
    const llamaCpp = await imitate('llama.cpp', { window: 1024 });
    const report = await check({ baseUrl: llamaCpp.url, modelCall: false });
    const window = line(report, 'window');
    expect(window?.status).toBe('fail');
    expect(window?.text).toMatch(/^Context window: 1,024 tokens \(llama\.cpp \/props\), too small for the instructions and tools \(about [\d,]+ tokens\) with a question and its answer\.$/);
    // 2,048 holds the compact instructions and tools (DESIGN.md 13.6) with a question and its answer.
    expect(window?.fix).toBe('Start llama-server with a larger window, e.g. -c 2048.');
    expect(report.ok).toBe(false);
    const vllm = await imitate('vLLM', { window: 1024 });
    expect(line(await check({ baseUrl: vllm.url, modelCall: false }), 'window')?.fix).toBe('Start vLLM with --max-model-len 2048 or more.');
    const setting = await check({ baseUrl: vllm.url, modelCall: false, contextWindow: 1000 });
    expect(line(setting, 'window')?.fix).toBe('Raise CONTEXT_WINDOW to at least 2,048 (and load the model with that window).');
  });

  it('shows the standing part of every request: at most 1,200 tokens, compact, on a window of 8,192 or less; the full set on a larger one (issue 38)', async () => {
    const needs = (text: string | undefined) => Number(/about ([\d,]+)/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
    const small = await imitate('llama.cpp', { window: 2048 });
    const smallLine = line(await check({ baseUrl: small.url, modelCall: false }), 'window');
    expect(smallLine?.status).toBe('pass');
    expect(smallLine?.text).toMatch(/^Context window: 2,048 tokens \(llama\.cpp \/props\); the instructions and tools, in their compact form for a small window, take about [\d,]+\.$/);
    expect(needs(smallLine?.text)).toBeLessThanOrEqual(1200);
    const large = await imitate('llama.cpp', { window: 32768 });
    const largeLine = line(await check({ baseUrl: large.url, modelCall: false }), 'window');
    expect(largeLine?.text).toMatch(/^Context window: 32,768 tokens \(llama\.cpp \/props\); the instructions and tools take about [\d,]+\.$/);
    expect(needs(largeLine?.text)).toBeGreaterThan(needs(smallLine?.text) * 2);
  });

  it('in German, the window’s source and a failing embeddings endpoint are said in German (issue 29: no English inside a German line)', async () => {
    const server = await imitate('Ollama');
    setUiLanguage('de');
    try {
      const report = await check({ baseUrl: server.url, modelCall: false, embeddings: { baseUrl: server.url, model: 'nomic-embed-text' } });
      expect(line(report, 'window')?.text).toMatch(/^Kontextfenster: 4\.096 Tokens \(Ollama-Standard\);/);
      expect(line(report, 'embeddings')).toMatchObject({ status: 'fail', text: `Einbettungen: Der Einbettungs-Endpunkt unter ${server.url} hat kein Einbettungsmodell dieses Namens oder keine /embeddings-Route (Modell „nomic-embed-text“).` });
    } finally {
      setUiLanguage('en');
    }
  });

  it('with no model call, leaves tools and reasoning unchecked and still passes', async () => {
    const server = await imitate('LM Studio');
    const report = await check({ baseUrl: server.url, modelCall: false });
    expect(line(report, 'tools')).toEqual({ id: 'tools', status: 'skip', text: 'Tools: not checked (no model call was made).' });
    expect(server.chats).toHaveLength(0);
    expect(report.ok).toBe(true);
  });

  it('fails an address that answers but is not an OpenAI-compatible API', async () => {
    const web: Server = createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<html>Not found</html>');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      const report = await check({ baseUrl: `http://127.0.0.1:${(web.address() as AddressInfo).port}` });
      expect(line(report, 'reachable')).toMatchObject({ status: 'fail', fix: 'Correct BASE_URL; OpenAI-compatible servers usually end in /v1.' });
    } finally {
      await new Promise<void>((resolve) => web.close(() => resolve()));
    }
  });
});
