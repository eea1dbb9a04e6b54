// What Glassbox uses of the openai SDK, loaded by ./openai-sdk on first use. An ESM import of
// the package, so the build takes its ES modules (which tools/build/openai-chat-only.mjs trims)
// and not the CommonJS copy a `require('openai')` would add.
export { APIConnectionError, APIError, APIUserAbortError, OpenAI } from 'openai';
