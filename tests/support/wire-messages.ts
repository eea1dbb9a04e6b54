import type { RecordedRequest } from '../../tools/model-server';

/** A chat message as the model server received it (OpenAI wire format). */
export interface WireMessage {
  readonly role: string;
  readonly content?: string | null;
  readonly tool_call_id?: string;
  readonly tool_calls?: readonly { id: string; function: { name: string; arguments: string } }[];
}

/** The messages a recorded chat request sent ([] for a request without any). */
export function messagesSent(request: RecordedRequest): WireMessage[] {
  return (request.body as { messages?: WireMessage[] }).messages ?? [];
}

/** The chat requests a server received, without the context-window discovery that runs before them (GET /props, /api/ps, …). */
export function chatRequests(server: { readonly requests: readonly RecordedRequest[] }): RecordedRequest[] {
  return server.requests.filter((request) => request.path === '/v1/chat/completions');
}
