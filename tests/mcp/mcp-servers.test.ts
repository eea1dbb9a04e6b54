import { runAgent } from '../../src/agent/run-agent';
import type { AgentApprovalGate } from '../../src/agent/approval';
import type { AgentEvent } from '../../src/agent/events';
import { DECLINED_OUTPUTS } from '../../src/agent/run-approvals';
import { setUiLanguage } from '../../src/i18n';
import { createOpenAiChatModel } from '../../src/llm';
import { createMcpTransportFactory, McpServers, type McpServerConfig } from '../../src/mcp';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { HEADER_SECRET, scriptedApprovals, startHttpMcpServer, STDIO_SECRET, stdioServer, whenTrue } from '../support/mcp-test-servers';

// Issue 18: MCP tools through the real runner, the real openai SDK against the scripted model
// server, a stdio MCP server and a streamable-HTTP one on loopback (both written with the SDK).

let model: ModelServer;
let http: { url: string; close: () => Promise<void> };
const open: McpServers[] = [];

const call = (name: string, args: Record<string, unknown>, id = `call_${name}`) => (t: Parameters<Parameters<ReturnType<typeof scenario>['turn']>[0]>[0]) => t.toolCall(name, args, { id });

beforeAll(async () => {
  http = await startHttpMcpServer();
  model = await startModelServer({
    scenarios: {
      forecast: scenario().turn(call('weather__forecast', { city: 'Oslo' })).turn((t) => t.text('Sunny in Oslo [[Oslo trip]].')),
      'forecast-twice': scenario()
        .turn(call('weather__forecast', { city: 'Oslo' }, 'c1'))
        .turn(call('weather__forecast', { city: 'Rome' }, 'c2'))
        .turn((t) => t.text('Both sunny.')),
      whoami: scenario().turn(call('weather__whoami', {}, 'c1')).turn(call('tracker__whoami', {}, 'c2')).turn((t) => t.text('Done.')),
      slow: scenario().turn(call('weather__slow', { ms: 60_000 })).turn((t) => t.text('Never reached.')),
      fail: scenario().turn(call('weather__fail', {})).turn((t) => t.text('The service is down.')),
      crash: scenario()
        .turn(call('weather__crash', {}))
        .turn(call('tracker__forecast', { city: 'Rome' }))
        .turn((t) => t.text('Rome is sunny; the weather server stopped.')),
      'never-crash': scenario().turn(call('weather__crash', {}, 'c1')).turn(call('weather__crash', {}, 'c2')).turn((t) => t.text('Not allowed.')),
      'add-tool': scenario().turn(call('weather__add_tool', {})).turn((t) => t.text('Added.')),
      'just-answer': scenario().turn((t) => t.text('Hello.')),
    },
  });
});

afterAll(async () => {
  await Promise.all(open.map((servers) => servers.close()));
  await http.close();
  await model.close();
});

function servers(configs: McpServerConfig[], options: { onProblem?: (message: string) => void; connectTimeoutMs?: number } = {}): McpServers {
  const created = new McpServers({ createTransport: createMcpTransportFactory({ canStartProcesses: true }), ...options });
  created.configure(configs);
  open.push(created);
  return created;
}

const tracker = (): McpServerConfig => ({ kind: 'http', name: 'tracker', url: http.url, headers: { Authorization: `Bearer ${HEADER_SECRET}` } });

async function run(modelName: string, mcp: McpServers, options: { approvals?: AgentApprovalGate; controller?: AbortController; onEvent?: (event: AgentEvent) => void } = {}) {
  const { tools, notices } = await mcp.toolsForRun();
  const events: AgentEvent[] = [];
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: model.url, maxRetries: 0 }),
    modelName,
    tools,
    notices,
    question: 'What is the weather?',
    history: [],
    signal: (options.controller ?? new AbortController()).signal,
    ...(options.approvals !== undefined ? { approvals: options.approvals } : {}),
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  return { result, events, tools, notices };
}

const allowAll = () => scriptedApprovals([], new Map([['mcp:weather', 'allow'], ['mcp:tracker', 'allow']])).gate;

describe('MCP tools in a run', () => {
  it('lists the tools of both servers as server__tool, offers each with the server’s JSON Schema as given, and runs a call into the trace', async () => {
    const mcp = servers([stdioServer('weather'), tracker()]);
    const approvals = scriptedApprovals(['allow_once']);
    const { result, tools } = await run('forecast', mcp, { approvals: approvals.gate });

    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['add_tool', 'crash', 'fail', 'forecast', 'slow', 'whoami'].flatMap((name) => [`tracker__${name}`, `weather__${name}`]).sort(),
    );
    const offered = model.requests.find((request) => (request.body as { model: string }).model === 'forecast')!.body as { tools: { function: { name: string; parameters: unknown } }[] };
    expect(offered.tools.find((tool) => tool.function.name === 'weather__forecast')?.function.parameters).toEqual({ type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'] });

    expect(approvals.asked).toEqual([expect.objectContaining({ toolName: 'weather__forecast', scope: 'mcp:weather', title: 'Allow the MCP server weather to run forecast?' })]);
    const step = result.payload.steps.find((item) => item.kind === 'tool');
    expect(step).toMatchObject({ summary: 'weather: forecast "Oslo"', detail: 'Allowed once', tool: { name: 'weather__forecast', status: 'ok' } });
    expect(step?.tool?.output).toBe(
      ['Sunny in Oslo, 21 °C.', '[[Oslo trip]]', 'Oslo on weather.example: https://weather.example/oslo', '[image (image/png): not sent to the model]'].join('\n'),
    );
    expect(result.status).toBe('complete');
    expect(result.answer).toBe('Sunny in Oslo [[Oslo trip]].');
  });

  it('keeps secrets from env and headers out of the output, the transcript, the events and the log', async () => {
    const mcp = servers([stdioServer('weather'), tracker()]);
    const { result, events } = await run('whoami', mcp, { approvals: allowAll() });
    const outputs = result.payload.steps.filter((item) => item.kind === 'tool').map((item) => item.tool?.output);
    expect(outputs).toEqual(['token=[redacted] authorization=', 'token= authorization=[redacted]']);
    const everything = JSON.stringify({ content: result.content, transcript: result.transcript, events, log: mcp.log.entries(), statuses: mcp.statuses() });
    expect(everything).not.toContain(STDIO_SECRET);
    expect(everything).not.toContain(HEADER_SECRET);
    // The server did get them: the redacted text is where they were.
    expect(everything).toContain('token=[redacted]');
  });

  it('a stop during a slow call ends the run stopped and cancels the call on the server', async () => {
    const mcp = servers([stdioServer('weather')]);
    const controller = new AbortController();
    const { result } = await run('slow', mcp, {
      approvals: allowAll(),
      controller,
      onEvent: (event) => {
        // Stop once the call has reached the server, so the server has a call to cancel.
        if (event.type === 'tool_start') void whenTrue((listener) => mcp.subscribe(listener), () => mcp.log.entries('weather').some((line) => line.text === 'slow: started')).then(() => controller.abort());
      },
    });
    expect(result.status).toBe('stopped');
    expect(result.payload.steps.find((item) => item.kind === 'tool')?.tool).toMatchObject({ name: 'weather__slow', status: 'cancelled', output: 'cancelled by user' });
    await whenTrue((listener) => mcp.subscribe(listener), () => mcp.log.entries('weather').some((line) => line.text === 'slow: cancelled'));
  });

  it('a failing call is an error step the model reads; the run completes and the settings show the last error', async () => {
    const mcp = servers([stdioServer('weather')]);
    const { result } = await run('fail', mcp, { approvals: allowAll() });
    expect(result.payload.steps.find((item) => item.kind === 'tool')?.tool).toMatchObject({ status: 'error', output: 'Error: weather__fail failed: the forecast service is down' });
    expect(result.status).toBe('complete');
    expect(mcp.statuses()).toEqual([{ name: 'weather', transport: 'stdio', state: 'connected', toolCount: 6, lastError: 'fail failed' }]);
  });

  it('a server that dies mid-run is an error step and a notice; the other server keeps working, and the next run starts it again', async () => {
    const problems: string[] = [];
    const mcp = servers([stdioServer('weather'), tracker()], { onProblem: (message) => problems.push(message) });
    const { result } = await run('crash', mcp, { approvals: allowAll() });
    const tools = result.payload.steps.filter((item) => item.kind === 'tool').map((item) => item.tool);
    expect(tools).toEqual([
      expect.objectContaining({ name: 'weather__crash', status: 'error', output: 'Error: weather__crash failed: the server stopped' }),
      expect.objectContaining({ name: 'tracker__forecast', status: 'ok' }),
    ]);
    expect(result.status).toBe('complete');
    expect(problems).toEqual(['weather: the server stopped']);
    expect(mcp.statuses().find((status) => status.name === 'weather')).toMatchObject({ state: 'failed', lastError: 'crash failed: the server stopped' });
    expect(mcp.log.entries('weather').map((line) => line.text)).toContain('crash: exiting now');

    const next = await run('just-answer', mcp);
    expect(next.notices).toEqual([]);
    expect(next.tools.some((tool) => tool.name === 'weather__forecast')).toBe(true);
    expect(mcp.statuses().find((status) => status.name === 'weather')).toMatchObject({ state: 'connected', lastError: null });
  });

  it('says a server stopped in the UI’s language (German) while the model still reads English', async () => {
    setUiLanguage('de');
    try {
      const problems: string[] = [];
      const mcp = servers([stdioServer('weather'), tracker()], { onProblem: (message) => problems.push(message) });
      const { result } = await run('crash', mcp, { approvals: allowAll() });
      expect(problems).toEqual(['weather: der Server wurde beendet']);
      expect(mcp.statuses().find((status) => status.name === 'weather')).toMatchObject({ state: 'failed', lastError: 'crash ist fehlgeschlagen: der Server wurde beendet' });
      expect(result.payload.steps.find((item) => item.kind === 'tool')?.tool?.output).toBe('Error: weather__crash failed: the server stopped');

      const failing = servers([stdioServer('weather')]);
      await run('fail', failing, { approvals: allowAll() });
      expect(failing.statuses()[0]?.lastError).toBe('fail ist fehlgeschlagen');
    } finally {
      setUiLanguage('en');
    }
  });

  it('says a server that did not answer in time could not start, in the UI’s language (Japanese)', async () => {
    setUiLanguage('ja');
    try {
      // A process that never speaks MCP: the SDK's initialize request times out.
      const mute: McpServerConfig = { kind: 'stdio', name: 'mute', command: process.execPath, args: ['-e', 'setInterval(() => {}, 60_000)'], env: {} };
      const { tools, notices } = await servers([mute], { connectTimeoutMs: 300 }).toolsForRun();
      expect(notices).toEqual(['mute: 起動できませんでした：サーバーが時間内に応答しませんでした']);
      expect(tools).toEqual([]);
    } finally {
      setUiLanguage('en');
    }
  });

  it('a server that cannot start is a notice step; the run goes on with the other tools', async () => {
    const mcp = servers([{ kind: 'stdio', name: 'ghost', command: 'glassbox-no-such-command', args: [], env: { KEY: STDIO_SECRET } }, tracker()]);
    const { result, notices, tools } = await run('just-answer', mcp);
    expect(notices).toEqual([expect.stringMatching(/^ghost: could not start: .*ENOENT/)]);
    expect(result.payload.steps[0]).toMatchObject({ kind: 'notice', summary: notices[0] });
    expect(tools.length).toBe(6);
    expect(result.status).toBe('complete');
    expect(mcp.statuses().find((status) => status.name === 'ghost')).toMatchObject({ state: 'failed' });
  });

  it('refuses a tool whose input schema is not an object schema, with a notice, and keeps the others', async () => {
    const mcp = servers([stdioServer('weather', { TEST_BAD_SCHEMA: '1' })]);
    const { tools, notices } = await mcp.toolsForRun();
    expect(notices).toEqual([
      'weather: the tool bad_schema was left out: its input schema is not an object schema',
      'weather: the tool bad_properties was left out: its input schema is not an object schema',
    ]);
    expect(tools.map((tool) => tool.name)).not.toContain('weather__bad_schema');
    expect(tools).toHaveLength(6);
  });

  it('leaves out a second tool of the same name, and says why in the UI’s language (Japanese)', async () => {
    const english = await servers([stdioServer('weather', { TEST_DOTTED_NAME: '1' })]).toolsForRun();
    expect(english.notices).toEqual(['weather__add_tool was left out: another MCP tool has the same name']);
    expect(english.tools).toHaveLength(6);

    setUiLanguage('ja');
    try {
      const { tools, notices } = await servers([stdioServer('weather', { TEST_DOTTED_NAME: '1', TEST_BAD_SCHEMA: '1' })]).toolsForRun();
      expect(notices).toEqual([
        'weather: ツール bad_schema を除外しました：入力スキーマがオブジェクトスキーマではありません',
        'weather: ツール bad_properties を除外しました：入力スキーマがオブジェクトスキーマではありません',
        'weather__add_tool を除外しました：同じ名前の MCP ツールがほかにあります',
      ]);
      expect(tools.map((tool) => tool.name).filter((name) => name === 'weather__add_tool')).toHaveLength(1);
    } finally {
      setUiLanguage('en');
    }
  });

  it('refreshes the cached tool list when the server says it changed', async () => {
    const mcp = servers([stdioServer('weather')]);
    await run('add-tool', mcp, { approvals: allowAll() });
    await whenTrue((listener) => mcp.subscribe(listener), () => mcp.statuses()[0]?.toolCount === 7);
    const { tools } = await mcp.toolsForRun();
    expect(tools.map((tool) => tool.name)).toContain('weather__extra');
  });

  it('writes its own lines of the server log in the UI’s language (German); the server’s stderr as it came', async () => {
    setUiLanguage('de');
    try {
      const mcp = servers([stdioServer('weather')]);
      await run('add-tool', mcp, { approvals: allowAll() });
      await whenTrue((listener) => mcp.subscribe(listener), () => mcp.statuses()[0]?.toolCount === 7);
      const lines = mcp.log.entries('weather').map((line) => line.text);
      expect(lines).toEqual(expect.arrayContaining(['glassbox-test MCP server ready', 'verbunden', 'die Liste der Tools hat sich geändert']));
      expect(lines).not.toContain('connected');
      expect(lines).not.toContain('the tool list changed');
    } finally {
      setUiLanguage('en');
    }
  });
});

describe('MCP approvals through the real runner', () => {
  it('"Allow once" asks again at the next call; "Always allow this server" asks once and is remembered', async () => {
    const mcp = servers([stdioServer('weather')]);
    const once = scriptedApprovals(['allow_once', 'allow_once']);
    await run('forecast-twice', mcp, { approvals: once.gate });
    expect(once.asked.map((request) => request.requestId)).toEqual(['c1', 'c2']);

    const always = scriptedApprovals(['allow_always']);
    const first = await run('forecast-twice', mcp, { approvals: always.gate });
    await run('forecast', mcp, { approvals: always.gate });
    expect(always.asked.map((request) => request.requestId)).toEqual(['c1']);
    expect(always.remembered.get('mcp:weather')).toBe('allow');
    expect(first.result.payload.steps.filter((item) => item.kind === 'tool').map((item) => item.tool?.status)).toEqual(['ok', 'ok']);
  });

  it('"Never" declines without calling the server, and later calls are refused without a card', async () => {
    const mcp = servers([stdioServer('weather')]);
    const never = scriptedApprovals(['deny_always']);
    const { result } = await run('never-crash', mcp, { approvals: never.gate });
    expect(never.asked).toHaveLength(1);
    expect(result.transcript.filter((message) => message.role === 'tool').map((message) => message.content)).toEqual([DECLINED_OUTPUTS.never, DECLINED_OUTPUTS.never]);
    // Had either call reached the server, it would have exited.
    expect(mcp.statuses()[0]).toMatchObject({ state: 'connected', lastError: null });
    expect(result.answer).toBe('Not allowed.');
  });
});
