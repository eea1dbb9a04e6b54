import type { Conversation } from '../conversation';
import { tokensCost, type ReasoningModelTurn, type ReasoningStep } from '../markers';
import { costOfRun, priceFor, type TracePrices } from './run-prices';
import { conversationRuns, type ConversationRun } from './conversation-runs';
import { otlpId } from './otlp-ids';
import { otlpAttributes, unixNano, type OtlpSpan, type OtlpTraceRequest } from './otlp-json';

/** Options of {@link exportOtlp}. */
export interface ExportOtlpOptions {
  /**
   * Put what was said into the spans: the question and answer, each tool call's arguments and
   * result. Off by default: the spans then carry names, times, counts, statuses and costs only.
   */
  readonly includeContent?: boolean;
  /** Prices by model (the plugin's settings) or one price for every call (the CLI's flags). */
  readonly prices?: TracePrices;
  /** The Glassbox version, the instrumentation scope's version. */
  readonly version?: string;
}

const AGENT_NAME = 'Glassbox';

/**
 * A conversation's runs as OTLP/JSON traces following OpenTelemetry's GenAI semantic conventions
 * (DESIGN.md 13.5): per run a root span `invoke_agent Glassbox`, a `chat MODEL` span per model call
 * and an `execute_tool NAME` span per tool call, with OpenInference's span kinds beside them so
 * Phoenix and Langfuse read them as agent, LLM and tool. One trace per run; ids are derived from
 * the conversation, so exporting again gives the same ids.
 */
export function exportOtlp(conversation: Conversation, options: ExportOtlpOptions = {}): OtlpTraceRequest {
  const spans = conversationRuns(conversation).flatMap((run, index) => runSpans(conversation, run, index, options));
  return {
    resourceSpans: [
      {
        resource: { attributes: otlpAttributes({ 'service.name': 'glassbox' }) },
        scopeSpans: [{ scope: { name: 'glassbox', version: options.version ?? '' }, spans }],
      },
    ],
  };
}

function runSpans(conversation: Conversation, run: ConversationRun, index: number, options: ExportOtlpOptions): OtlpSpan[] {
  const seed = `${conversation.id}\u0000${run.message.id ?? `#${index}`}\u0000${run.startedAt}`;
  const traceId = otlpId(seed, 16);
  const rootId = otlpId(`${seed}\u0000root`, 8);
  const content = options.includeContent === true;
  const model = run.turns.at(-1)?.model ?? conversation.model;
  const cost = costOfRun(run.payload, options.prices);
  const failed = run.payload.status === 'error';
  const root: OtlpSpan = {
    traceId,
    spanId: rootId,
    name: `invoke_agent ${AGENT_NAME}`,
    kind: 1,
    startTimeUnixNano: unixNano(run.startedAt),
    endTimeUnixNano: unixNano(run.endedAt),
    attributes: otlpAttributes({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': AGENT_NAME,
      'gen_ai.conversation.id': conversation.id === '' ? undefined : conversation.id,
      'gen_ai.request.model': model === '' ? undefined : model,
      'gen_ai.usage.input_tokens': run.usage?.promptTokens,
      'gen_ai.usage.output_tokens': run.usage?.completionTokens,
      'gen_ai.usage.cost': cost?.amount,
      'openinference.span.kind': 'AGENT',
      'session.id': conversation.id === '' ? undefined : conversation.id,
      'glassbox.run.status': run.payload.status,
      'glassbox.usage.estimated': run.usage?.estimated === true ? true : undefined,
      'glassbox.cost.estimated': cost?.estimated === true ? true : undefined,
      'error.type': failed ? 'run_error' : undefined,
      ...(content
        ? {
            'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: run.question }] }]),
            'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: run.answer }] }]),
            'input.value': run.question,
            'output.value': run.answer,
          }
        : {}),
    }),
    status: failed ? { code: 2, ...(content && typeof run.payload.error === 'string' ? { message: run.payload.error } : {}) } : run.payload.status === 'complete' ? { code: 1 } : { code: 0 },
  };
  const chats = run.turns.map((turn, turnIndex) => chatSpan(turn, conversation.model, options.prices, { traceId, parent: rootId, seed: `${seed}\u0000turn${turnIndex}` }));
  const tools = run.toolSteps.map((step) => toolSpan(step, content, { traceId, parent: rootId, seed: `${seed}\u0000step${step.id}` }));
  return [root, ...chats, ...tools];
}

interface SpanPlace {
  readonly traceId: string;
  readonly parent: string;
  readonly seed: string;
}

function chatSpan(turn: ReasoningModelTurn, fallbackModel: string, prices: ExportOtlpOptions['prices'], place: SpanPlace): OtlpSpan {
  const model = turn.model ?? fallbackModel;
  const price = priceFor(model, prices);
  const cost = price !== undefined && turn.usage !== undefined ? tokensCost(turn.usage.promptTokens, turn.usage.completionTokens, price) : undefined;
  return {
    traceId: place.traceId,
    spanId: otlpId(place.seed, 8),
    parentSpanId: place.parent,
    name: model === '' ? 'chat' : `chat ${model}`,
    kind: 3,
    startTimeUnixNano: unixNano(turn.at),
    endTimeUnixNano: unixNano(turn.at + turn.durationMs),
    attributes: otlpAttributes({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': model === '' ? undefined : model,
      'gen_ai.usage.input_tokens': turn.usage?.promptTokens,
      'gen_ai.usage.output_tokens': turn.usage?.completionTokens,
      'gen_ai.usage.cost': cost,
      'openinference.span.kind': 'LLM',
      'llm.model_name': model === '' ? undefined : model,
      'glassbox.usage.estimated': turn.usage?.estimated === true ? true : undefined,
    }),
    status: { code: 0 },
  };
}

function toolSpan(step: ReasoningStep, content: boolean, place: SpanPlace): OtlpSpan {
  const tool = step.tool;
  const name = tool?.name ?? 'tool';
  const failed = tool?.status === 'error';
  const callId = typeof step.tool?.id === 'string' ? step.tool.id : undefined;
  return {
    traceId: place.traceId,
    spanId: otlpId(place.seed, 8),
    parentSpanId: place.parent,
    name: `execute_tool ${name}`,
    kind: 1,
    startTimeUnixNano: unixNano(step.at),
    endTimeUnixNano: unixNano(step.at + (tool?.durationMs ?? 0)),
    attributes: otlpAttributes({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': name,
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.call.id': callId,
      'openinference.span.kind': 'TOOL',
      'tool.name': name,
      'glassbox.tool.status': tool?.status,
      'error.type': failed ? 'tool_error' : undefined,
      ...(content
        ? {
            'gen_ai.tool.call.arguments': JSON.stringify(tool?.args ?? {}),
            'gen_ai.tool.call.result': tool?.output,
          }
        : {}),
    }),
    status: failed ? { code: 2 } : { code: 0 },
  };
}
