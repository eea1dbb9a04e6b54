import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The "small window" behaviour of the scripted server (issue 24): it reports a context window the
 * way llama.cpp does (`GET /props`, `default_generation_settings.n_ctx`) and refuses a chat
 * request longer than it with llama.cpp's 400 `exceed_context_size_error`. Tokens are counted
 * as the server counts everything, a quarter of the request body's characters.
 * Returns true when it answered the request.
 */
export function answerSmallWindow(options: { request: IncomingMessage; response: ServerResponse; path: string; rawBody: string; window: number | undefined }): boolean {
  const { request, response, path, rawBody, window } = options;
  if (window === undefined) return false;
  if (request.method === 'GET' && path === '/props') {
    send(response, 200, { default_generation_settings: { n_ctx: window }, total_slots: 1 });
    return true;
  }
  const tokens = Math.ceil(rawBody.length / 4);
  if (request.method === 'POST' && path === '/v1/chat/completions' && tokens > window) {
    send(response, 400, { error: { code: 400, message: `request (${tokens} tokens) exceeds the available context size (${window} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: tokens, n_ctx: window } });
    return true;
  }
  return false;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
