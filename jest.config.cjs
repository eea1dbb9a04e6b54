// Two environments: plain Node for the DOM-free core (agent, llm, markers, search,
// conversation, cli), and jsdom with Node's fetch/streams for anything that touches the DOM.
// A DOM test is a `.test.tsx` file, or lives under tests/ui, tests/obsidian or tests/tools/fake-obsidian.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
const transform = { '^.+\\.(t|j)sx?$': swc };
// The indexing script main.js inlines (tools/build/inline-worker.mjs), built the same way for jest.
const moduleNameMapper = { '^obsidian$': '<rootDir>/tools/fake-obsidian/index.ts', '^inline-worker:.*/index-worker$': '<rootDir>/tests/support/packed-index-worker.ts' };
const domTests = ['<rootDir>/tests/**/*.test.tsx', '<rootDir>/tests/ui/**/*.test.ts', '<rootDir>/tests/obsidian/**/*.test.ts', '<rootDir>/tests/tools/fake-obsidian/**/*.test.ts', '<rootDir>/tests/main.test.ts'];
const common = { transform, moduleNameMapper, transformIgnorePatterns: ['/node_modules/(?!(markdown-it|mdurl|uc.micro|linkify-it|entities|punycode|pkce-challenge)/)'] };
module.exports = {
  testTimeout: 20000,
  projects: [
    { ...common, displayName: 'node', testEnvironment: 'node', testMatch: ['<rootDir>/tests/**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/', '/tests/ui/', '/tests/obsidian/', '/tests/tools/fake-obsidian/', '/tests/main.test.ts', '/tests/recorded/', '/tests/corpus/'] },
    { ...common, displayName: 'dom', testEnvironment: '<rootDir>/tests/support/jsdom-with-fetch-environment.cjs', testMatch: domTests },
  ],
};
