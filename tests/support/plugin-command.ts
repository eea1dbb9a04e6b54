import { act } from '@testing-library/react/pure';
import type GlassboxPlugin from '../../src/main';
import type { App } from '../../tools/fake-obsidian';
import { callsSettled } from './calls-settled';

/** Runs the plugin's command `id` as the palette does, and waits for the chat it opened. */
export async function runPluginCommand(app: App, plugin: GlassboxPlugin, id: string): Promise<void> {
  const activated = jest.spyOn(plugin.chat!, 'activate');
  await act(async () => {
    app.commands.executeCommandById(`glassbox:${id}`);
    await callsSettled(activated);
    await Promise.resolve();
  });
  activated.mockRestore();
}
