import { runCli } from '../../src/cli/main';
import { captureIo } from '../support/capture-io';

describe('glassbox CLI dispatch', () => {
  it('prints usage and exits 2 when no command is given', async () => {
    const io = captureIo();
    await expect(runCli([], io)).resolves.toBe(2);
    expect(io.out()).toContain('glassbox ask --vault DIR');
  });

  it('names an unknown command in one sentence on stderr and exits 2', async () => {
    const io = captureIo();
    await expect(runCli(['frobnicate'], io)).resolves.toBe(2);
    expect(io.err()).toBe('Unknown command "frobnicate". Run "glassbox --help" to see the commands.\n');
    expect(io.out()).toBe('');
  });
});
