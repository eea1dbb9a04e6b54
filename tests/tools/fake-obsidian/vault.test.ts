import { createFakeApp, TFile, TFolder, type TAbstractFile } from '../../../tools/fake-obsidian';

describe('fake Vault', () => {
  it('fires create, modify, rename and delete in order with the right arguments', async () => {
    const app = createFakeApp();
    const log: string[] = [];
    const record = (type: string) => (file: TAbstractFile, oldPath?: string) => log.push(`${type}:${file.path}${oldPath ? `<-${oldPath}` : ''}`);
    app.vault.on('create', record('create'));
    app.vault.on('modify', record('modify'));
    app.vault.on('rename', record('rename'));
    app.vault.on('delete', record('delete'));

    await app.vault.createFolder('Notes');
    const file = await app.vault.create('Notes/a.md', 'one');
    await app.vault.modify(file, 'two');
    await app.vault.rename(file, 'Notes/b.md');
    await app.vault.delete(file);

    expect(log).toEqual(['create:Notes', 'create:Notes/a.md', 'modify:Notes/a.md', 'rename:Notes/b.md<-Notes/a.md', 'delete:Notes/b.md']);
  });

  it('stops calling a listener after offref', async () => {
    const app = createFakeApp();
    const seen: string[] = [];
    const ref = app.vault.on('create', (file: TAbstractFile) => seen.push(file.path));
    await app.vault.create('a.md', '');
    app.vault.offref(ref);
    await app.vault.create('b.md', '');
    expect(seen).toEqual(['a.md']);
  });

  it('process sees the latest content, so an edit made before it is kept', async () => {
    const app = createFakeApp({ files: { 'chat.md': 'turn 1\n' } });
    const file = app.vault.getFileByPath('chat.md')!;
    // The user types while a save is in flight: the edit lands first, the save appends after it.
    const userEdit = app.vault.modify(file, 'turn 1\nmy edit\n');
    const save = app.vault.process(file, (current) => `${current}turn 2\n`);
    await Promise.all([userEdit, save]);
    expect(await app.vault.read(file)).toBe('turn 1\nmy edit\nturn 2\n');
    await expect(save).resolves.toBe('turn 1\nmy edit\nturn 2\n');
  });

  it('process reads and writes in one step: no write can land between them', async () => {
    const app = createFakeApp({ files: { 'n.md': 'a' } });
    const file = app.vault.getFileByPath('n.md')!;
    const seenDuringModifyEvent: string[] = [];
    app.vault.on('modify', () => seenDuringModifyEvent.push(app.vault.readNow('n.md')!));
    await Promise.all([app.vault.process(file, (text) => `${text}b`), app.vault.process(file, (text) => `${text}c`)]);
    expect(await app.vault.read(file)).toBe('abc');
    expect(seenDuringModifyEvent).toEqual(['ab', 'abc']);
  });

  it('a read-then-modify save loses an edit that process keeps (the reason process exists)', async () => {
    const app = createFakeApp({ files: { 'n.md': 'base' } });
    const file = app.vault.getFileByPath('n.md')!;
    const stale = await app.vault.read(file);
    await app.vault.modify(file, 'base + user edit');
    await app.vault.modify(file, `${stale} + save`);
    expect(await app.vault.read(file)).toBe('base + save');
  });

  it('rename moves a folder with its children, updates parent and fires rename with old paths', async () => {
    const app = createFakeApp({ files: { 'Old/x.md': 'x', 'Old/Sub/y.md': 'y' } });
    await app.vault.createFolder('New');
    const renames: [string, string][] = [];
    app.vault.on('rename', (file: TAbstractFile, oldPath: string) => renames.push([file.path, oldPath]));
    const folder = app.vault.getFolderByPath('Old')!;
    await app.vault.rename(folder, 'New/Moved');

    expect(app.vault.getFolderByPath('Old')).toBeNull();
    const moved = app.vault.getFileByPath('New/Moved/Sub/y.md')!;
    expect(moved).toBeInstanceOf(TFile);
    expect(moved.parent?.path).toBe('New/Moved/Sub');
    expect(folder.parent?.path).toBe('New');
    expect(app.vault.getFolderByPath('New')!.children).toContain(folder);
    expect(await app.vault.read(moved)).toBe('y');
    expect(renames).toEqual([
      ['New/Moved', 'Old'],
      ['New/Moved/x.md', 'Old/x.md'],
      ['New/Moved/Sub', 'Old/Sub'],
      ['New/Moved/Sub/y.md', 'Old/Sub/y.md'],
    ]);
  });

  it('gives files name, basename, extension, parent and stat', async () => {
    let clock = 1000;
    const app = createFakeApp({ now: () => clock });
    await app.vault.createFolder('A/B');
    const file = await app.vault.create('A/B/Über note.md', 'héllo');
    expect([file.name, file.basename, file.extension, file.parent?.path]).toEqual(['Über note.md', 'Über note', 'md', 'A/B']);
    expect(file.stat).toEqual({ ctime: 1000, mtime: 1000, size: 6 });
    clock = 2000;
    await app.vault.modify(file, 'hi');
    expect(file.stat).toEqual({ ctime: 1000, mtime: 2000, size: 2 });
    expect(app.vault.getFolderByPath('A')).toBeInstanceOf(TFolder);
    expect(app.vault.getAbstractFileByPath('A/B/')).toBe(file.parent);
  });

  it('refuses to create over an existing file or into a missing folder', async () => {
    const app = createFakeApp({ files: { 'a.md': '' } });
    await expect(app.vault.create('a.md', 'x')).rejects.toThrow('already exists');
    await expect(app.vault.create('Missing/b.md', 'x')).rejects.toThrow('Folder does not exist');
  });

  it('lists markdown files and all files', () => {
    const app = createFakeApp({ files: { 'a.md': '', 'img.png': '', 'F/b.md': '' } });
    expect(app.vault.getMarkdownFiles().map((file) => file.path).sort()).toEqual(['F/b.md', 'a.md']);
    expect(app.vault.getFiles().map((file) => file.path).sort()).toEqual(['F/b.md', 'a.md', 'img.png']);
  });

  it('keeps hidden plugin files in the adapter, out of the file list, without events', async () => {
    const app = createFakeApp();
    const created: string[] = [];
    app.vault.on('create', (file: TAbstractFile) => created.push(file.path));
    expect(app.vault.configDir).toBe('.obsidian');
    await app.vault.adapter.mkdir('.obsidian/plugins/glassbox');
    await app.vault.adapter.write('.obsidian/plugins/glassbox/index.json', '{}');
    expect(await app.vault.adapter.exists('.obsidian/plugins/glassbox/index.json')).toBe(true);
    expect(await app.vault.adapter.read('.obsidian/plugins/glassbox/index.json')).toBe('{}');
    expect(app.vault.getFiles()).toEqual([]);
    expect(created).toEqual([]);
    await expect(app.vault.adapter.read('.obsidian/missing.json')).rejects.toThrow('ENOENT');
  });

  it('deletes a folder with its contents, children first', async () => {
    const app = createFakeApp({ files: { 'F/a.md': '', 'F/G/b.md': '' } });
    const deleted: string[] = [];
    app.vault.on('delete', (file: TAbstractFile) => deleted.push(file.path));
    await app.vault.delete(app.vault.getFolderByPath('F')!, true);
    expect(deleted).toEqual(['F/a.md', 'F/G/b.md', 'F/G', 'F']);
    expect(app.vault.getAllLoadedFiles().map((file) => file.path)).toEqual(['/']);
  });
});
