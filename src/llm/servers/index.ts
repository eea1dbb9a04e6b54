/**
 * What a model server says about itself (DESIGN.md 12.1): the context window and where it came
 * from. Plain TypeScript over a fetch, for the plugin, the CLI and `glassbox doctor`.
 */
export { type ContextWindow, DEFAULT_LOCAL_CONTEXT_WINDOW, DEFAULT_REMOTE_CONTEXT_WINDOW, OLLAMA_DEFAULT_CONTEXT_WINDOW, defaultContextWindow } from './context-window';
export { type ModelServerKind, type ReportedContextWindow, sameOllamaModel } from './context-window-probes';
export { DISCOVERY_TIMEOUT_MS, type DiscoverContextWindowOptions, type DiscoveredContextWindow, discoverContextWindow } from './discover-context-window';
export { ContextWindowCache } from './context-window-cache';
export { endpointUrl, fetchAnswer, serverRootOf, type FetchJsonOptions, type ServerAnswer } from './fetch-json';
export { SERVER_ANSWER_LIFE_MS, ServerAnswers, type ServerAnswersOptions } from './server-answers';
export { hostReach, type HostReach, isLocalHost, isThisMachine } from './is-local-host';
export { describeServer, type DescribeServerOptions, type ServerDescription } from './describe-server';
export { findLocalServers, LOCAL_PROBE_TIMEOUT_MS, LOCAL_SERVER_PORTS, type FoundServer, type LocalServerPort } from './find-local-servers';
export { describeServerModel, type ServerModel } from './server-models';
export { windowSourceLabel } from './window-source-label';
