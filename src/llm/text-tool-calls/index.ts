export { parseTextToolCalls, TEXT_CALL_MARKERS, type ParsedTextToolCalls, type TextToolCall, type TextToolCallArguments } from './parse-text-tool-calls';
export { textCallStart } from './text-call-start';
export { readJsonValue, type ReadJson } from './read-json-value';
