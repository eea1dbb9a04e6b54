import type { ModelServerKind } from './context-window-probes';
import { endpointUrl, type FetchJsonOptions, okBody, serverRootOf, type ServerAnswer } from './fetch-json';
import type { ServerAnswers } from './server-answers';

/** What a server answered at the endpoints that say which server it is; undefined where nothing answered or it was not asked. */
export interface IdentifyingAnswers {
  /** Ollama `GET /api/tags`. */
  readonly ollamaTags: ServerAnswer | undefined;
  /** LM Studio `GET /api/v0/models`. */
  readonly lmStudioModels: ServerAnswer | undefined;
  /** llama.cpp `GET /props`. */
  readonly llamaCppProps: ServerAnswer | undefined;
  /** The OpenAI-style `GET <base URL>/models` (vLLM's, Jan's, any other's). */
  readonly modelsList: ServerAnswer | undefined;
}

/** Options of {@link askIdentifyingEndpoints}. */
export interface AskIdentifyingEndpointsOptions {
  readonly baseUrl: string;
  /** Where the answers are kept: the model list and the window discovery share them. */
  readonly answers: ServerAnswers;
  readonly ask: FetchJsonOptions;
  /** Ask only this server's own endpoint (the first run knows which server each port is for). */
  readonly only?: ModelServerKind;
}

/**
 * Asks, at once, each endpoint that tells one server from another (Ollama `/api/tags`, LM Studio
 * `/api/v0/models`, llama.cpp `/props`, the `/models` list), once per {@link ServerAnswers}: who
 * asks next (the model list, then the window discovery) reads the same answers instead of
 * asking again. What each means is read by the caller.
 */
export async function askIdentifyingEndpoints(options: AskIdentifyingEndpointsOptions): Promise<IdentifyingAnswers> {
  const root = serverRootOf(options.baseUrl);
  const { answers, ask, only } = options;
  const wants = (...kinds: ModelServerKind[]): boolean => only === undefined || kinds.includes(only);
  const none = Promise.resolve(undefined);
  const [ollamaTags, lmStudioModels, llamaCppProps, modelsList] = await Promise.all([
    wants('Ollama') ? answers.ask(`${root}/api/tags`, ask) : none,
    wants('LM Studio') ? answers.ask(`${root}/api/v0/models`, ask) : none,
    wants('llama.cpp') ? answers.ask(`${root}/props`, ask) : none,
    wants('llama.cpp', 'vLLM', 'Jan') ? answers.ask(endpointUrl(options.baseUrl, '/models'), ask) : none,
  ]);
  return { ollamaTags, lmStudioModels, llamaCppProps, modelsList };
}

/**
 * A server that answered, but at none of these with a body Glassbox reads (not even a model
 * list): it may be any of them seen through a proxy that passes only some routes, so each
 * server's other endpoints are worth asking. False for a server that said nothing at all.
 */
export function answeredUnrecognised(identified: IdentifyingAnswers): boolean {
  const all = [identified.ollamaTags, identified.lmStudioModels, identified.llamaCppProps, identified.modelsList];
  return all.some((answer) => answer !== undefined) && all.every((answer) => okBody(answer) === undefined);
}
