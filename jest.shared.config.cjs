// Suites that read ../shared (recorded provider streams, the obsidian-help corpus).
// They are not part of `npm test`, so a clean clone without ../shared still passes;
// .ci/run runs them too.
const base = require('./jest.config.cjs');
const node = base.projects[0];
module.exports = {
  testTimeout: 120000,
  projects: [
    { ...node, displayName: 'recorded', testPathIgnorePatterns: ['/node_modules/'], testMatch: ['<rootDir>/tests/recorded/**/*.test.ts'] },
    { ...node, displayName: 'corpus', testPathIgnorePatterns: ['/node_modules/'], testMatch: ['<rootDir>/tests/corpus/**/*.test.ts'] },
  ],
};
