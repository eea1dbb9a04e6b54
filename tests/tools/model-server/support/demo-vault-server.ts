import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentTool } from '../../../../src/agent/agent-tool';
import { NodeVaultSource } from '../../../../src/cli/node-vault-source';
import { createVaultTools, openVaultIndex, type VaultIndex } from '../../../../src/search';
import { startModelServer, type ModelServer } from '../../../../tools/model-server';
import { copyDemoVault } from '../../../support/demo-vault';

/** A scripted model server and the real vault tools over a copy of the sample vault, filled in by `beforeAll`. */
export interface DemoVaultServer {
  server: ModelServer;
  tools: AgentTool[];
  /** The copy of `demo-vault/` (without what trying the demo left in it) the tools read. */
  vaultDir: string;
  /** The index and source the tools read (to attach notes to a question, as a host does). */
  index: VaultIndex;
  source: NodeVaultSource;
}

/** Starts the server and indexes a copy of the demo vault once per test file; closes the server and removes the copy after it. */
export function useDemoVaultServer(): DemoVaultServer {
  const world = {} as DemoVaultServer;
  beforeAll(async () => {
    world.server = await startModelServer();
    world.vaultDir = await mkdtemp(join(tmpdir(), 'glassbox-demo-vault-'));
    await copyDemoVault(world.vaultDir);
    world.source = new NodeVaultSource(world.vaultDir);
    world.index = await openVaultIndex({ source: world.source });
    world.tools = createVaultTools({ index: world.index, source: world.source });
  });
  afterAll(async () => {
    await world.server.close();
    await rm(world.vaultDir, { recursive: true, force: true });
  });
  return world;
}
