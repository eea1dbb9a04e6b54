/**
 * The prompts of the reason-act-observe loop (DESIGN.md 4). Each is sent as the last (system)
 * message of its phase and never kept in the transcript. Their JSON control blocks are read
 * leniently by `control-blocks.ts`; a reply without a readable block is used as plain text.
 */

/** Reason phase: plan the next step without tools. */
export const REASON_PROMPT = `Think about what to do next to answer the question above. Do not call tools now.
Reply with one or two sentences of plan, then a JSON block:
\`\`\`json
{"plan": "the next step in a few words", "tools_to_consider": ["tool names"], "finish": false}
\`\`\`
Set "finish" to true only if you can already answer well from what you have found.`;

/** Act phase: call the tools the plan needs, or answer. */
export const ACT_PROMPT = `Now act on your plan: call the tools you need. If you already have what you need, write the answer instead, citing notes with [[wikilinks]].`;

/** Observe phase: judge the results and decide whether to go on. */
export const OBSERVE_PROMPT = `Look at the results you just got. Do not call tools now.
Reply with a JSON block:
\`\`\`json
{"observation": "what the results show, in one sentence", "should_continue": true, "final_answer": ""}
\`\`\`
Set "should_continue" to false when you can answer, and then put the full answer in "final_answer", in Markdown, citing notes with [[wikilinks]].`;

/** Sent (without tools) when a limit ends the loop, or a phase decided to finish without an answer. */
export const FINAL_ANSWER_PROMPT = `Stop using tools now. Answer the question from what you have found so far, citing notes with [[wikilinks]]. If it is not enough, say what is missing.`;
