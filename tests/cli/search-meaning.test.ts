import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// DESIGN.md 12.1 item 8: search by meaning from the CLI, at an embeddings endpoint that may not
// be the chat's (Ollama's embedding models while chatting elsewhere). The built CLI against two
// scripted servers: one chats, the other embeds (deterministic vectors, tools/model-server).
let cli: BuiltCli;
let chat: ModelServer;
let embeddings: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  [chat, embeddings] = await Promise.all([
    startModelServer({ scenarios: { answers: scenario().turn((t) => t.toolCall('localSearch', { query: 'refunds' })).turn((t) => t.text('Fourteen days [[Refund policy]].')) } }),
    startModelServer(),
  ]);
  vault = await mkdtemp(join(tmpdir(), 'glassbox-meaning-'));
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days of the return.\n');
  await writeFile(join(vault, 'Returns.md'), '# Returns\n\nItems can be returned within 30 days.\n');
});

afterAll(async () => {
  await Promise.all([chat.close(), embeddings.close(), cli.remove(), rm(vault, { recursive: true, force: true })]);
});

const embeddingRequests = (server: ModelServer) => server.requests.filter((request) => request.path === '/v1/embeddings');

describe('search by meaning from the CLI', () => {
  it('search --meaning embeds the notes and the query at the embeddings endpoint and fuses the rankings', async () => {
    const before = embeddingRequests(embeddings).length;
    const result = await cli.run(['search', '--vault', vault, '--meaning', '--embeddings-base-url', embeddings.url, '--embeddings-model', 'nomic-embed-text', '--json', 'refunds paid']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const sent = embeddingRequests(embeddings).slice(before);
    // The notes' passages in one batch, then the query.
    expect(sent.map((request) => (request.body)?.model)).toEqual(['nomic-embed-text', 'nomic-embed-text']);
    const { results } = JSON.parse(result.stdout) as { results: { path: string; score: number }[] };
    expect(results[0]?.path).toBe('Refund policy.md');
    // Reciprocal rank fusion: first in both rankings scores 2 / (60 + 1).
    expect(results[0]?.score).toBeCloseTo(2 / 61, 3);
  });

  it('search --meaning takes the endpoint from GLASSBOX_EMBEDDINGS_BASE_URL and GLASSBOX_EMBEDDINGS_MODEL', async () => {
    const before = embeddingRequests(embeddings).length;
    const result = await cli.run(['search', '--vault', vault, '--meaning', 'refunds'], { env: { GLASSBOX_EMBEDDINGS_BASE_URL: embeddings.url, GLASSBOX_EMBEDDINGS_MODEL: 'all-minilm' } });
    expect(result.status).toBe(0);
    expect(embeddingRequests(embeddings).slice(before).map((request) => (request.body)?.model)).toEqual(['all-minilm', 'all-minilm']);
  });

  it('search --meaning without a model says which flag to give (exit 2)', async () => {
    const result = await cli.run(['search', '--vault', vault, '--meaning', 'refunds']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--embeddings-model NAME');
  });

  it('an endpoint that fails gives word search with the reason, not an error', async () => {
    const result = await cli.run(['search', '--vault', vault, '--meaning', '--embeddings-base-url', embeddings.url, '--embeddings-model', 'no-such-embedding-model', 'refunds']);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/Searching by words only\.\n$/);
    expect(result.stdout).toContain('Refund policy');
  });

  it('ask embeds at the embeddings endpoint and chats at the chat endpoint', async () => {
    const chatBefore = chat.requests.length;
    const before = embeddingRequests(embeddings).length;
    const result = await cli.run(['ask', '--vault', vault, '--base-url', chat.url, '--model', 'answers', '--embeddings-base-url', embeddings.url, '--embeddings-model', 'nomic-embed-text', 'How long do refunds take?']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Fourteen days');
    // The notes, then the model's search query, embedded at the embeddings server; none at the chat's.
    expect(embeddingRequests(embeddings).length - before).toBe(2);
    expect(embeddingRequests(chat)).toEqual([]);
    // The chat server is asked for chat completions (and its window), never for embeddings.
    expect(chat.requests.slice(chatBefore).some((request) => request.path === '/v1/chat/completions')).toBe(true);
  });
});
