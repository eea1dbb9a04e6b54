import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import type { OtlpTraceRequest } from '../../src/traces';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';
import { protobufRoundTrip } from '../support/otlp-proto';

// `ask --otlp-endpoint URL` (DESIGN.md 13.5): the finished run's traces go to a collector on
// loopback as OTLP/JSON, at URL/v1/traces, without the model server's key.

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const KEY = 'sk-glassbox-test-key-123456';
const QUESTION = 'What is the Zephyr refund deadline?';

let model: ModelServer;
let collector: Server;
let collectorUrl: string;
let received: Received[] = [];
let vault: string;

beforeAll(async () => {
  model = await startModelServer({
    scenarios: {
      traced: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'Zephyr refund' }))
        .turn((t) => t.text('Within 30 days ([[Zephyr]]).')),
    },
  });
  collector = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.writeHead(request.url === '/v1/traces' ? 200 : 404, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  vault = await mkdtemp(join(tmpdir(), 'glassbox-otlp-send-'));
  await writeFile(join(vault, 'Zephyr.md'), '# Zephyr\n\nRefunds within 30 days.\n');
});

beforeEach(() => {
  received = [];
});

afterAll(async () => {
  await model.close();
  await new Promise<void>((resolve) => collector.close(() => resolve()));
  await rm(vault, { recursive: true, force: true });
});

async function ask(...flags: string[]): Promise<{ status: number; err: string }> {
  const io = captureIo();
  const status = await runCli(['ask', '--vault', vault, '--base-url', model.url, '--api-key', KEY, '--model', 'traced', ...flags, QUESTION], io);
  return { status, err: io.err() };
}

describe('ask --otlp-endpoint', () => {
  it("POSTs the run's traces as OTLP/JSON to URL/v1/traces, without the model's key, and says so", async () => {
    const { status, err } = await ask('--otlp-endpoint', `${collectorUrl}/`);
    expect(status).toBe(0);
    expect(err).toContain(`traces sent: ${collectorUrl}/v1/traces`);
    expect(received).toHaveLength(1);
    const [sent] = received;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v1/traces');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(sent?.headers)).not.toContain(KEY);
    expect(sent?.body).not.toContain(KEY);
    const request = JSON.parse(sent?.body ?? '{}') as OtlpTraceRequest;
    const names = request.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name)));
    expect(names).toEqual(['invoke_agent Glassbox', 'chat traced', 'chat traced', 'execute_tool localSearch']);
    expect(protobufRoundTrip(request).bytes).toBeGreaterThan(100);
    // What was said stays home unless asked for.
    expect(sent?.body).not.toContain('Zephyr');
  });

  it('sends the question and answer only with --otlp-include-content', async () => {
    await ask('--otlp-endpoint', collectorUrl, '--otlp-include-content');
    expect(received[0]?.body).toContain(QUESTION);
    expect(received[0]?.body).toContain('Within 30 days');
  });

  it('takes GLASSBOX_OTLP_ENDPOINT from the environment', async () => {
    const io = captureIo({ env: { GLASSBOX_OTLP_ENDPOINT: collectorUrl } });
    await expect(runCli(['ask', '--vault', vault, '--base-url', model.url, '--model', 'traced', QUESTION], io)).resolves.toBe(0);
    expect(received.map((request) => request.url)).toEqual(['/v1/traces']);
  });

  it('a collector that is not there costs one sentence on stderr, not the answer', async () => {
    const { status, err } = await ask('--otlp-endpoint', 'http://127.0.0.1:9');
    expect(status).toBe(0);
    expect(err).toMatch(/^The traces could not be sent to http:\/\/127\.0\.0\.1:9\/v1\/traces: .+\.$/m);
  });

  it('refuses an endpoint that is no http URL, and content without an endpoint (exit 2)', async () => {
    expect((await ask('--otlp-endpoint', 'localhost:4318')).status).toBe(2);
    const { status, err } = await ask('--otlp-include-content');
    expect(status).toBe(2);
    expect(err).toContain('add --otlp-endpoint URL');
  });
});
