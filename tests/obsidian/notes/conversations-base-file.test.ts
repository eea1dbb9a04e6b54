import { act } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import { serializeConversationNote } from '../../../src/conversation';
import { createFakeApp, parseYaml } from '../../../tools/fake-obsidian';
import manifestJson from '../../../manifest.json';
import { until } from '../../support/chat-view-harness';
import { DOCS_SAMPLE } from '../../support/sample-conversations';

// Issue 28: the plugin puts Conversations.base beside the saved conversations, once, on the real
// plugin over the fake host; the fake host's YAML parser reads it.

const FOLDER = 'Glassbox/Conversations';
const BASE = `${FOLDER}/Conversations.base`;
const NOTE = serializeConversationNote(DOCS_SAMPLE, { clock: 'utc' });

async function load(app: ReturnType<typeof createFakeApp>) {
  let plugin: GlassboxPlugin | undefined;
  await act(async () => {
    plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  });
  return plugin!;
}

const reload = async (app: ReturnType<typeof createFakeApp>) => {
  await act(async () => app.unloadPlugin(manifestJson.id));
  return load(app);
};

describe('Conversations.base', () => {
  it('is written into the conversations folder: a table of the conversation notes, newest first, with the run properties', async () => {
    const app = createFakeApp({ files: { [`${FOLDER}/What changed.md`]: NOTE } });
    const plugin = await load(app);
    await until(() => app.vault.getFileByPath(BASE) !== null);
    expect(parseYaml(await app.vault.read(app.vault.getFileByPath(BASE)!))).toEqual({
      filters: { and: ['file.inFolder("Glassbox/Conversations")', 'file.hasTag("glassbox")'] },
      views: [
        {
          type: 'table',
          name: 'Conversations',
          order: ['file.name', 'created', 'model', 'status', 'duration', 'tokens', 'cited'],
          sort: [{ property: 'created', direction: 'DESC' }],
        },
      ],
    });
    await act(async () => plugin.unload());
  });

  it('is never written over once the user edited it, and not brought back once deleted', async () => {
    const app = createFakeApp({ files: { [`${FOLDER}/What changed.md`]: NOTE } });
    await load(app);
    await until(() => app.vault.getFileByPath(BASE) !== null);
    const edited = 'views:\n  - type: cards\n    name: Mine\n';
    await app.vault.modify(app.vault.getFileByPath(BASE)!, edited);
    await reload(app);
    await app.vault.create(`${FOLDER}/Another.md`, NOTE.replace('gb-mi9x2k3c-4f7q1z', 'gb-other'));
    expect(await app.vault.read(app.vault.getFileByPath(BASE)!)).toBe(edited);
    await app.fileManager.trashFile(app.vault.getFileByPath(BASE)!);
    const plugin = await reload(app);
    await app.vault.create(`${FOLDER}/Third.md`, NOTE.replace('gb-mi9x2k3c-4f7q1z', 'gb-third'));
    expect(app.vault.getFileByPath(BASE)).toBeNull();
    await act(async () => plugin.unload());
  });

  it('a vault without conversations gets none until the first one is saved into the folder', async () => {
    const app = createFakeApp({ files: { 'Projects/Plan.md': '# Plan\n' } });
    const plugin = await load(app);
    expect(app.vault.getFolderByPath(FOLDER)).toBeNull();
    expect(app.vault.getFileByPath(BASE)).toBeNull();
    await app.vault.createFolder(FOLDER);
    await app.vault.create(`${FOLDER}/First question.md`, NOTE);
    await until(() => app.vault.getFileByPath(BASE) !== null);
    await act(async () => plugin.unload());
  });

  it('a file the user already has there is kept as it is', async () => {
    const app = createFakeApp({ files: { [`${FOLDER}/What changed.md`]: NOTE, [BASE]: 'views: []\n' } });
    const plugin = await load(app);
    await until(() => plugin.settings.conversationsBases.includes(FOLDER));
    expect(await app.vault.read(app.vault.getFileByPath(BASE)!)).toBe('views: []\n');
    await act(async () => plugin.unload());
  });
});
