// `npm run test:e2e`: the real plugin in the playground, driven in headless Chromium
// (/usr/bin/chromium, Debian's package) through playwright-core. Kept out of `npm test`:
// it needs a browser and takes a minute. One worker: each file starts its own servers and browser.
const transform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }],
};
module.exports = {
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts'],
  transform,
  globalSetup: '<rootDir>/tests/e2e/support/global-setup.ts',
  maxWorkers: 1,
  testTimeout: 60000,
};
