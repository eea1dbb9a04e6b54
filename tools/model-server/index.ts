export { startModelServer, type ModelServer, type ModelServerOptions, type RecordedRequest } from './start-model-server';
export { scenario, turn, ScenarioBuilder, TurnBuilder, type Scenario, type ScenarioEmit, type ScenarioHttpError, type ScenarioTurn, type TurnSelection, type ReasoningField } from './scenario';
export { extractiveTurn, type ExtractiveOptions } from './extractive-policy';
export { salientWords } from './question-terms';
export type { ChatRequestBody } from './chat-request';
export { MISSING_EMBEDDING_MODEL, SCRIPTED_EMBEDDING_DIMS, scriptedEmbedding } from './scripted-embeddings';
