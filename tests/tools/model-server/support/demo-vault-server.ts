import { join } from 'node:path';
import type { AgentTool } from '../../../../src/agent/agent-tool';
import { NodeVaultSource } from '../../../../src/cli/node-vault-source';
import { createVaultTools, openVaultIndex } from '../../../../src/search';
import { startModelServer, type ModelServer } from '../../../../tools/model-server';

/** The project's sample vault, which the extractive model is tested over. */
export const DEMO_VAULT = join(__dirname, '../../../../demo-vault');

/** A scripted model server and the real vault tools over {@link DEMO_VAULT}, filled in by `beforeAll`. */
export interface DemoVaultServer {
  server: ModelServer;
  tools: AgentTool[];
}

/** Starts the server and indexes the demo vault once per test file; closes the server after it. */
export function useDemoVaultServer(): DemoVaultServer {
  const world = {} as DemoVaultServer;
  beforeAll(async () => {
    world.server = await startModelServer();
    const source = new NodeVaultSource(DEMO_VAULT);
    const index = await openVaultIndex({ source });
    world.tools = createVaultTools({ index, source });
  });
  afterAll(async () => {
    await world.server.close();
  });
  return world;
}
