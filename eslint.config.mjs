import { defineConfig, globalIgnores } from 'eslint/config';
import obsidianmd from 'eslint-plugin-obsidianmd';
import globals from 'globals';

// The module map (docs/module-map.md), enforced. Modules with an index.ts are imported through
// it from anywhere else; the core modules never import the host (Obsidian), React, or the
// layers built on them. Each message names the rule it breaks.
const INDEXED_MODULES = ['agent', 'chat', 'citations', 'commands', 'conversation', 'doctor', 'i18n', 'inert', 'llm', 'markers', 'mcp', 'packed-text', 'prompts', 'search', 'traces', 'writes'];
const CORE_MODULES = ['agent', 'chat', 'citations', 'commands', 'conversation', 'doctor', 'i18n', 'inert', 'llm', 'markers', 'mcp', 'packed-text', 'prompts', 'search', 'traces', 'writes'];
const coreBoundary = (name) => `module-map rule "core stays headless": src/{${CORE_MODULES.join(',')}} may not import ${name} (docs/module-map.md).`;
// Imports are relative, so what `../chat/x` means depends on how deep the importing file sits:
// one config per depth (src/main.ts is depth 0, src/agent/x.ts depth 1, …).
const DEPTHS = [0, 1, 2, 3];
// Files that may be imported directly: light entry points whose module index would load heavy
// dependencies at plugin start (the MCP SDK is imported lazily, only once a server is set up), and
// the agent runner, which the agent index leaves out so that loading the plugin evaluates neither
// zod nor the tools, and the folder filter the plugin wraps its vault source in at load, whose
// index would evaluate the stemmers, and the main-thread side of the indexing worker (the index
// itself is only in the worker's script; docs/decisions/index-worker.md).
const LIGHT_ENTRIES = ['mcp/mcp-server-config', 'search/fold-text', 'traces/search-conversations-tool', 'agent/run-agent', 'agent/standing-request', 'search/typo-candidates', 'search/folder-excluding-source', 'search/worker', 'search/context', 'search/embeddings/embedding-plan', 'search/embeddings/embedding-client', 'writes/write-tools'];
const up = (depth) => (depth === 0 ? '\\./' : '(\\.\\./)'.concat(`{${depth}}`));
const moduleMapConfig = (depth, core) => ({
  files: core
    ? CORE_MODULES.map((module) => `src/${module}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`)
    : [`src/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: core ? ['obsidian', 'react', 'react-dom'].map((name) => ({ name, message: coreBoundary(name) })) : [],
        patterns: [
          {
            regex: `^${up(depth)}(?!(${LIGHT_ENTRIES.join('|')})$)(${INDEXED_MODULES.join('|')})/`,
            message: 'module-map rule "through the index": import a module (src/agent, src/chat, …) from its index.ts, not from its files.',
          },
          ...(core
            ? [
                { group: ['react-dom/*', 'react/*'], message: coreBoundary('React') },
                { regex: `^${up(depth)}(ui|obsidian|cli)(/|$)`, message: coreBoundary('src/ui, src/obsidian or src/cli') },
              ]
            : []),
        ],
      },
    ],
  },
});

// The plugin code (src/) gets Obsidian's full recommended set. Tests, tools and benchmarks
// run in Node or the test browser, never inside Obsidian, so the Obsidian-only rules are off there.
export default defineConfig([
  globalIgnores(['node_modules/', 'main.js', 'dist/', 'coverage/', '.tmp/', 'docs/', 'test-results/', '**/*.cjs']),
  ...obsidianmd.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.mjs', 'esbuild.config.mjs', 'tools/build/*.mjs', 'bench/*.mjs', '.ci/*.mjs', 'tests/support/*.mjs'], maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16 },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // MCP is an acronym, like the API and JSON the rule already knows; ignoreWords adds to its
    // defaults, where acronyms and brands would replace them (src/obsidian/settings/mcp-setting-definitions.ts).
    // An address shown as a placeholder is typed as it is, not in sentence case.
    rules: { 'obsidianmd/ui/sentence-case': ['warn', { ignoreWords: ['MCP', 'Model', 'Context', 'Protocol'], ignoreRegex: ['^https?://'] }] },
  },
  {
    // zod's `z` export is a namespace object holding every locale (about 260 KB in main.js);
    // `import * as z from 'zod/v4'` lets esbuild keep only what is used, and is the entry the
    // MCP SDK imports too (with 'zod' the CLI bundle ran our schemas before zod's classes were
    // initialised). See docs/decisions/bundle-size.md.
    files: ['src/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
        message: "Use `import * as z from 'zod/v4'`: the `z` export bundles every zod locale.",
      }, {
        selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportNamespaceSpecifier",
        message: "Use `import * as z from 'zod/v4'`, the entry the MCP SDK imports (one initialisation order in the CLI bundle).",
      }],
    },
  },
  {
    files: ['tests/**', 'tools/**', 'bench/**', 'src/cli/**', '*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      'obsidianmd/ui/sentence-case': 'off',
      'obsidianmd/no-nodejs-modules': 'off',
      'import/no-nodejs-modules': 'off',
      'no-restricted-globals': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // These run in Node, where there is no `window`: the autofixes of these two rules
      // (setTimeout → window.setTimeout, globalThis → window) would break them.
      'obsidianmd/prefer-window-timers': 'off',
      'obsidianmd/no-global-this': 'off',
    },
  },
  ...DEPTHS.map((depth) => moduleMapConfig(depth, false)),
  ...DEPTHS.filter((depth) => depth > 0).map((depth) => moduleMapConfig(depth, true)),
  {
    // The React components and the message renderer also run outside Obsidian (the reading view's
    // children, tests, the benchmarks' plain DOM), so they make elements with the standard DOM,
    // never with Obsidian's createEl/createDiv/empty helpers.
    files: ['src/ui/**', 'bench/**'],
    rules: { 'obsidianmd/prefer-create-el': 'off' },
  },
  {
    // The XSS trap's positive control injects HTML on purpose, to prove the trap would catch the
    // plugin doing it (tests/e2e/support/xss-trap.ts).
    files: ['tests/e2e/support/xss-trap.ts'],
    rules: { '@microsoft/sdl/no-inner-html': 'off' },
  },
  {
    // The indexing worker's code runs where there is no `window` (a Web Worker, or a worker
    // thread in the benches): its timers and its global scope are the worker's own.
    files: ['src/search/worker/**'],
    rules: { 'obsidianmd/prefer-window-timers': 'off', 'obsidianmd/no-global-this': 'off' },
  },
  {
    // The model client's retry backoff runs in the CLI too, where there is no `window`, and must
    // keep Node alive while it waits (an unref'd `AbortSignal.timeout` lets the process exit).
    files: ['src/llm/openai-chat-model.ts'],
    rules: { 'obsidianmd/prefer-window-timers': 'off' },
  },
  {
    // The idle timeout wraps the model client's fetch, in Obsidian and in the CLI (no `window`).
    // Its timer restarts per streamed piece: one cleared timer, not thousands of pending
    // `AbortSignal.timeout`s. Without a fetch given it wraps the global one: `requestUrl` cannot
    // stream (docs/decisions/desktop-fetch.md).
    files: ['src/llm/idle-timeout-fetch.ts'],
    rules: { 'obsidianmd/prefer-window-timers': 'off', 'no-restricted-globals': 'off' },
  },
  {
    // Context-window discovery asks the server from the plugin and the CLI (no `window`); without
    // a fetch given it uses the global one, as the idle timeout does.
    files: ['src/llm/servers/fetch-json.ts'],
    rules: { 'obsidianmd/prefer-window-timers': 'off', 'no-restricted-globals': 'off' },
  },
  {
    // The fake host implements Obsidian itself (its DOM helpers, timers, config folder, vault),
    // so the rules that steer plugins towards those helpers do not apply to it, nor to its own
    // tests and the playground's (which check, for one, that `.obsidian` is the default).
    files: ['tools/fake-obsidian/**', 'tests/tools/fake-obsidian/**', 'tests/tools/playground/**'],
    rules: {
      'obsidianmd/no-static-styles-assignment': 'off',
      'obsidianmd/prefer-create-el': 'off',
      'obsidianmd/prefer-window-timers': 'off',
      // It must also load in Node (no window), so its timers go through globalThis.
      'obsidianmd/no-global-this': 'off',
      'obsidianmd/hardcoded-config-path': 'off',
      'obsidianmd/prefer-file-manager-trash-file': 'off',
      // Its tests also cover a settings tab drawn the way Obsidian before 1.13 draws one.
      'obsidianmd/settings-tab/prefer-setting-definitions': 'off',
    },
  },
]);
