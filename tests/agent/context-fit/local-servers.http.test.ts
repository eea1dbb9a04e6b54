import type { AttachedContext } from '../../../src/agent/question-context';
import { runAgent } from '../../../src/agent/run-agent';
import type { AgentEvent } from '../../../src/agent';
import type { ReasoningStep } from '../../../src/markers';
import { createOpenAiChatModel, discoverContextWindow, type ContextWindow, type LlmMessage } from '../../../src/llm';
import { setUiLanguage } from '../../../src/i18n';
import { longNotesTool } from '../../support/long-notes-tool';
import { type ImitatedServer, type ImitatedServerKind, proseOf, startImitatedServer } from '../../support/imitated-model-servers';

const MODEL = 'qwen3:8b';
const WINDOW = 4096;
const KINDS: ImitatedServerKind[] = ['llama.cpp', 'Ollama', 'LM Studio', 'vLLM'];
const SOURCES: Record<ImitatedServerKind, string> = { 'llama.cpp': 'llama.cpp /props', Ollama: 'Ollama default', 'LM Studio': 'LM Studio /api/v0/models', vLLM: 'vLLM /v1/models' };

/** `readNote` over long notes: "Long N.md" is about 1,200 tokens of prose. */
const longNotes = longNotesTool((path) => proseOf(1200, path.length * 7 + Number(/\d+/.exec(path)?.[0] ?? 0)));

async function ask(server: ImitatedServer, options: { question: string; history?: LlmMessage[]; context?: AttachedContext; window: ContextWindow }) {
  const steps: ReasoningStep[] = [];
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: MODEL,
    tools: [longNotes],
    question: options.question,
    history: options.history ?? [],
    ...(options.context !== undefined ? { context: options.context } : {}),
    contextWindow: options.window,
    signal: new AbortController().signal,
    onEvent: (event: AgentEvent) => {
      if (event.type === 'step') steps.push(event.step);
    },
  });
  return { result, steps };
}

describe.each(KINDS)('a 4,096-token window on %s (through the openai SDK over HTTP)', (kind) => {
  let server: ImitatedServer;
  beforeEach(async () => {
    server = await startImitatedServer(kind, { window: WINDOW, model: MODEL });
  });
  afterEach(() => server.close());

  it('finds the window where the server reports it', async () => {
    await expect(discoverContextWindow({ baseUrl: server.url, model: MODEL })).resolves.toMatchObject({ tokens: WINDOW, source: SOURCES[kind] });
  });

  it('answers a question with a 12,000-token note attached, every request fitting the window', async () => {
    const window = await discoverContextWindow({ baseUrl: server.url, model: MODEL });
    const text = proseOf(12_000);
    const context: AttachedContext = { attachments: [{ kind: 'note', path: 'Projects/Big.md', chars: text.length, text, cut: false }], missingLinks: [], budgetTokens: 12_000 };
    const { result, steps } = await ask(server, { question: 'What does the big note say?', context, window });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('complete');
    expect(result.answer).toContain('Read it');
    expect(server.chats.length).toBeGreaterThanOrEqual(2);
    for (const chat of server.chats) expect(chat.tokens).toBeLessThanOrEqual(WINDOW);
    expect(steps.filter((step) => step.kind === 'context').map((step) => step.summary)).toContain('Cut Big to fit 4,096 tokens');
    // The cut note still says it was cut, as a note cut to the attachment budget does.
    expect(server.chats[0]?.messages.at(-1)?.content).toMatch(/Note Projects\/Big\.md \(cut: first \d+ of \d+ characters; readNote has the rest\)/);
  });

  it('answers six turns that each read a long note, leaving out earlier tool results, every request fitting', async () => {
    const window = await discoverContextWindow({ baseUrl: server.url, model: MODEL });
    let history: LlmMessage[] = [];
    const summaries: string[] = [];
    for (let turn = 1; turn <= 6; turn++) {
      const question = `What is in long note ${turn}?`;
      const { result, steps } = await ask(server, { question, history, window });
      expect(result.status).toBe('complete');
      expect(result.answer).toContain(`Read it: Long ${turn}.md`);
      summaries.push(...steps.filter((step) => step.kind === 'context').map((step) => step.summary));
      history = [...history, { role: 'user', content: question }, ...result.transcript];
    }
    expect(server.chats).toHaveLength(12);
    for (const chat of server.chats) expect(chat.tokens).toBeLessThanOrEqual(WINDOW);
    expect(summaries.some((summary) => /^Left out \d+ earlier tool results?( and the (\d+ )?oldest turns?)? to fit 4,096 tokens$/.test(summary))).toBe(true);
    // What was left out stays as one line: the tool, its arguments, the size.
    const last = server.chats.at(-1)?.messages ?? [];
    expect(last.some((message) => message.role === 'tool' && /^\[Left out to fit the context window: readNote \{"path":"Long \d\.md"\} → [\d,]+ characters\./.test(message.content ?? ''))).toBe(true);
  });

  it('recovers when the window set is larger than the server’s: the overflow is recognised and later requests fit', async () => {
    const text = proseOf(9000);
    const context: AttachedContext = { attachments: [{ kind: 'note', path: 'Projects/Big.md', chars: text.length, text, cut: false }], missingLinks: [], budgetTokens: 12_000 };
    const { result, steps } = await ask(server, { question: 'What does the big note say?', context, window: { tokens: 32_768, source: 'setting' } });
    expect(server.chats[0]?.overflowed).toBe(true);
    const notices = steps.filter((step) => step.kind === 'notice').map((step) => step.summary);
    expect(notices.some((notice) => /too long|empty answer|read only/.test(notice))).toBe(true);
    if (kind === 'Ollama') {
      // Ollama answered from the end of the prompt it kept: nothing to retry, but the next request is fitted.
      expect(notices.join('\n')).toMatch(/The server read only 4,096 tokens of a request of about [\d,]+, as Ollama does/);
    } else {
      expect(result.status).toBe('complete');
      expect(result.answer).toContain('Read it');
      expect(server.chats.slice(1).every((chat) => !chat.overflowed)).toBe(true);
    }
  });
});

it('says the overflow and the retry in the UI’s language (issue 29: German notices, no English)', async () => {
  const server = await startImitatedServer('llama.cpp', { window: WINDOW, model: MODEL });
  setUiLanguage('de');
  try {
    const text = proseOf(9000);
    const context: AttachedContext = { attachments: [{ kind: 'note', path: 'Projects/Big.md', chars: text.length, text, cut: false }], missingLinks: [], budgetTokens: 12_000 };
    const { result, steps } = await ask(server, { question: 'Was steht in der großen Notiz?', context, window: { tokens: 32_768, source: 'setting' } });
    expect(result.status).toBe('complete');
    const notices = steps.filter((step) => step.kind === 'notice').map((step) => step.summary);
    expect(notices).toContainEqual(expect.stringMatching(/^Laut Server ist die Anfrage zu lang für sein Kontextfenster( von [\d.]+ Tokens)?; neuer Versuch mit [\d.]+ Tokens$/));
    expect(notices.join('\n')).not.toMatch(/The server|request|asking|fitted/);
  } finally {
    setUiLanguage('en');
    await server.close();
  }
});

it('says what was cut to fit the window in the UI’s language (issue 29: the context step in German)', async () => {
  const server = await startImitatedServer('llama.cpp', { window: WINDOW, model: MODEL });
  setUiLanguage('de');
  try {
    const window = await discoverContextWindow({ baseUrl: server.url, model: MODEL });
    const text = proseOf(12_000);
    const context: AttachedContext = { attachments: [{ kind: 'note', path: 'Projects/Big.md', chars: text.length, text, cut: false }], missingLinks: [], budgetTokens: 12_000 };
    const { result, steps } = await ask(server, { question: 'Was steht in der großen Notiz?', context, window });
    expect(result.status).toBe('complete');
    const fit = steps.find((step) => step.kind === 'context' && step.summary.startsWith('Gekürzt'));
    expect(fit).toMatchObject({ summary: 'Gekürzt: Big, damit es in 4.096 Tokens passt', detail: expect.stringMatching(/^Geschätzt [\d.]+ Tokens gesendet, [\d.]+ für die Antwort freigehalten\.$/) });
    // The model still reads English.
    expect(server.chats[0]?.messages.at(-1)?.content).toMatch(/Note Projects\/Big\.md \(cut: first \d+ of \d+ characters; readNote has the rest\)/);
  } finally {
    setUiLanguage('en');
    await server.close();
  }
});
