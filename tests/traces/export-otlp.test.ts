import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import type { OtlpSpan, OtlpTraceRequest } from '../../src/traces';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';
import { protobufRoundTrip } from '../support/otlp-proto';

// `glassbox export NOTE --otlp` (DESIGN.md 13.5) on a conversation saved by a real run (the real
// openai SDK against the scripted model server), checked against the official OTLP protobuf schema.

const QUESTION = 'When is the refund deadline for the Zephyr project?';
const ANSWER = 'Refunds for Zephyr are due within 30 days ([[Zephyr refunds]]).';

let server: ModelServer;
let vault: string;
let saved: string;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      traced: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'Zephyr refund deadline' }, { id: 'call_search' }))
        .turn((t) => t.toolCall('readNote', { path: 'Projects/Zephyr refunds.md' }, { id: 'call_read' }))
        .turn((t) => t.text(ANSWER)),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-otlp-'));
  await writeFile(join(vault, 'Welcome.md'), '# Welcome\n\nNothing about refunds here.\n');
  await rm(join(vault, 'Projects'), { recursive: true, force: true });
  const { mkdir } = await import('node:fs/promises');
  await mkdir(join(vault, 'Projects'));
  await writeFile(join(vault, 'Projects', 'Zephyr refunds.md'), '# Zephyr refunds\n\nThe refund deadline is 30 days after the ride.\n');
  const io = captureIo();
  await expect(runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', 'traced', '--save', QUESTION], io)).resolves.toBe(0);
  saved = join(vault, /^saved: (.+)$/m.exec(io.err())?.[1] ?? 'missing');
});

afterAll(async () => {
  await server.close();
  await rm(vault, { recursive: true, force: true });
});

async function exportOtlp(...flags: string[]): Promise<{ status: number; request: OtlpTraceRequest; text: string; err: string }> {
  const io = captureIo();
  const status = await runCli(['export', saved, '--otlp', ...flags], io);
  return { status, text: io.out(), err: io.err(), request: JSON.parse(io.out() || '{}') as OtlpTraceRequest };
}

function spansOf(request: OtlpTraceRequest): OtlpSpan[] {
  return request.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
}

function attribute(span: OtlpSpan | undefined, key: string): unknown {
  const value = span?.attributes.find((entry) => entry.key === key)?.value;
  return value === undefined ? undefined : Object.values(value)[0];
}

/** The request without what protobuf's decoding leaves out (zero values). */
function withoutDefaults(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDefaults);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== 0 && item !== '' && !(Array.isArray(item) && item.length === 0));
    return Object.fromEntries(entries.map(([name, item]) => [name, withoutDefaults(item)]));
  }
  return value;
}

describe('glassbox export --otlp', () => {
  it('writes one trace per run: invoke_agent Glassbox, a chat span per model call and an execute_tool span per tool call', async () => {
    const { status, request, err } = await exportOtlp();
    expect(status).toBe(0);
    expect(err).toBe('');
    const spans = spansOf(request);
    const root = spans.find((span) => span.parentSpanId === undefined);
    expect(root?.name).toBe('invoke_agent Glassbox');
    expect(attribute(root, 'gen_ai.operation.name')).toBe('invoke_agent');
    expect(attribute(root, 'openinference.span.kind')).toBe('AGENT');
    expect(attribute(root, 'glassbox.run.status')).toBe('complete');
    expect(root?.status.code).toBe(1);
    const children = spans.filter((span) => span.parentSpanId === root?.spanId);
    expect(children.map((span) => span.name)).toEqual(['chat traced', 'chat traced', 'chat traced', 'execute_tool localSearch', 'execute_tool readNote']);
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([root?.traceId]));
    const chat = children[0];
    expect(attribute(chat, 'gen_ai.request.model')).toBe('traced');
    expect(attribute(chat, 'openinference.span.kind')).toBe('LLM');
    expect(Number(attribute(chat, 'gen_ai.usage.input_tokens'))).toBeGreaterThan(0);
    expect(attribute(children[3], 'gen_ai.tool.name')).toBe('localSearch');
    expect(attribute(children[3], 'openinference.span.kind')).toBe('TOOL');
    // Each span lies within the run.
    for (const span of children) {
      expect(BigInt(span.startTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(root?.startTimeUnixNano ?? '0'));
      expect(BigInt(span.endTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(span.startTimeUnixNano));
    }
  });

  it('is valid against the OTLP protobuf schema: encoded and decoded, nothing is lost or renamed', async () => {
    const { request } = await exportOtlp('--include-content');
    const { decoded, bytes } = protobufRoundTrip(request);
    expect(bytes).toBeGreaterThan(200);
    expect(withoutDefaults(decoded)).toEqual(withoutDefaults(request));
  });

  it('carries no question, answer, note text or tool input without --include-content, and all of them with it', async () => {
    const bare = (await exportOtlp()).text;
    for (const said of ['Zephyr', 'refund', '30 days']) expect(bare).not.toContain(said);
    const full = await exportOtlp('--include-content');
    const root = spansOf(full.request).find((span) => span.parentSpanId === undefined);
    expect(attribute(root, 'input.value')).toBe(QUESTION);
    expect(attribute(root, 'output.value')).toBe(ANSWER);
    const read = spansOf(full.request).find((span) => span.name === 'execute_tool readNote');
    expect(attribute(read, 'gen_ai.tool.call.arguments')).toBe(JSON.stringify({ path: 'Projects/Zephyr refunds.md' }));
    expect(String(attribute(read, 'gen_ai.tool.call.result'))).toContain('The refund deadline is 30 days after the ride.');
  });

  it('gives the same ids when the same note is exported again', async () => {
    const first = spansOf((await exportOtlp()).request).map((span) => `${span.traceId}/${span.spanId}`);
    const second = spansOf((await exportOtlp()).request).map((span) => `${span.traceId}/${span.spanId}`);
    expect(second).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
  });

  it('refuses --include-content without --otlp', async () => {
    const io = captureIo();
    await expect(runCli(['export', saved, '--html', '--include-content'], io)).resolves.toBe(2);
    expect(io.err()).toContain('--include-content is for --otlp');
  });
});
