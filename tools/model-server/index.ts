export { startModelServer, type ModelServer, type ModelServerOptions, type RecordedRequest } from './start-model-server';
export { scenario, turn, ScenarioBuilder, TurnBuilder, type Scenario, type ScenarioEmit, type ScenarioHttpError, type ScenarioTurn, type TurnSelection, type ReasoningField } from './scenario';
export { extractiveTurn, salientWords, type ExtractiveOptions } from './extractive-policy';
export type { ChatRequestBody } from './chat-request';
