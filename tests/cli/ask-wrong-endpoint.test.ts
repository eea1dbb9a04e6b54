import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';
import { startWrongEndpoints, type WrongEndpoints } from '../support/wrong-endpoints';

let cli: BuiltCli;
let server: ModelServer;
let wrong: WrongEndpoints;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer();
  wrong = await startWrongEndpoints();
  vault = await mkdtemp(join(tmpdir(), 'glassbox-wrong-endpoint-'));
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days.\n');
});

afterAll(async () => {
  await Promise.all([server.close(), wrong.close(), cli.remove(), rm(vault, { recursive: true, force: true })]);
});

const ask = (baseUrl: string, ...rest: string[]) => cli.run(['ask', '--vault', vault, '--base-url', baseUrl, '--model', 'extractive', ...rest, 'How long do refunds take?']);

describe('glassbox ask against a URL that is not an OpenAI-compatible endpoint', () => {
  it.each([
    ['a web page', () => wrong.html],
    ['a single JSON document', () => wrong.json],
  ])('%s: says so in one sentence naming --base-url, not "stopped before it was complete"; exit 1', async (kind, url) => {
    const result = await ask(url());
    expect(result.status).toBe(1);
    const host = new URL(url()).host;
    expect(result.stderr).toBe(`${host} is not an OpenAI-compatible endpoint under this base URL (it answered with ${kind}, not a stream of chat chunks). Check --base-url (or GLASSBOX_BASE_URL); OpenAI-compatible servers usually end in /v1.\n`);
    expect(result.stdout).not.toContain('stopped before it was complete');
  });
});

describe('credentials in the base URL', () => {
  it.each([
    ['with a scheme', (url: string) => url.replace('http://', 'http://alice:s3cret-token@')],
    ['without a scheme', (url: string) => url.replace('http://', 'alice:s3cret-token@')],
  ])('%s: a usage error that never repeats them (exit 2)', async (_name, withCredentials) => {
    const result = await ask(withCredentials(server.url));
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('The base URL must not hold a user name or password; give a key with --api-key (or GLASSBOX_API_KEY).\n');
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/alice|s3cret/);
  });

  it('a key given as a query parameter is never repeated: not in the usage error of a URL without http://, not in the error of a real request', async () => {
    const secret = 'AIzaSy-s3cret-0123456789';
    const withoutScheme = await ask(`${server.url.replace('http://', '')}?key=${secret}`);
    expect(withoutScheme.status).toBe(2);
    expect(withoutScheme.stderr).toBe(`The base URL must start with http:// or https://, not "${server.url.replace('http://', '')}?key=***".\n`);
    const request = await ask(`${server.url}?api_key=${secret}`, '--events', 'jsonl');
    expect(request.status).toBe(1);
    expect(request.stderr).toContain('HTTP 404');
    expect(`${request.stdout}${request.stderr}`).not.toContain(secret);
  });

  it('from GLASSBOX_BASE_URL too, and not in --events jsonl either', async () => {
    const result = await cli.run(['ask', '--vault', vault, '--model', 'extractive', '--events', 'jsonl', 'Anything?'], { env: { GLASSBOX_BASE_URL: server.url.replace('http://', 'http://alice:s3cret-token@') } });
    expect(result.status).toBe(2);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/alice|s3cret/);
  });
});
