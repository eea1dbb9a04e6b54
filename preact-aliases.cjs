// The UI is written against React's API and runs on Preact through `preact/compat`: about 200 KB
// less in main.js than react-dom (docs/decisions/bundle-size.md). Every build and test that runs
// the UI resolves these names the same way, so the tests test what ships: main.js and the
// playground (esbuild.options.mjs, tools/playground/build.ts, so the e2e tests), jest
// (jest.config.cjs) and the benches run through tsx (bench/tsconfig.preact.json, checked
// against this list by tests/build/preact-aliases.test.ts).
module.exports = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-runtime',
};
