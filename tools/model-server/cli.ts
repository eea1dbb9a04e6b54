/**
 * Starts the scripted model server from a terminal, e.g.
 * `npx tsx tools/model-server/cli.ts --port 8787 --policy extractive [--slow] [--fixtures DIR]`.
 * Prints the base URL and runs until Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { startModelServer } from './start-model-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    policy: { type: 'string', default: 'extractive' },
    slow: { type: 'boolean', default: false },
    'chunk-delay': { type: 'string' },
    fixtures: { type: 'string' },
  },
});

const policy = values.policy;
const defaultModel = policy === 'extractive' ? (values.slow ? 'extractive-slow' : 'extractive') : policy;
async function main(): Promise<void> {
  const server = await startModelServer({
    port: Number(values.port),
    defaultModel,
    fixturesDir: values.fixtures,
    chunkDelayMs: values['chunk-delay'] !== undefined ? Number(values['chunk-delay']) : undefined,
  });
  process.stdout.write(`${server.url}\n`);
  process.stderr.write(`Scripted model server (default model: ${defaultModel}). Any model name works; Ctrl-C stops it.\n`);
  process.on('SIGINT', () => {
    void server.close().then(() => process.exit(0));
  });
}

void main();
