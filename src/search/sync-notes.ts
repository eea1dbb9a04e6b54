import type { IndexCore } from './index-core';
import type { IndexBuildOptions } from './index-types';
import type { TimeSlicer } from './scheduler';
import type { VaultNoteInfo, VaultSource } from './vault-source';

/** Reads kept in flight while building, so slow disks overlap with tokenising. */
const READ_AHEAD = 8;

/** A note's text, or undefined when it cannot be read (gone, or not readable). */
export async function readOrUndefined(source: VaultSource, path: string): Promise<string | undefined> {
  try {
    return await source.read(path);
  } catch {
    return undefined;
  }
}

/**
 * Brings `core` in line with the notes `source` lists: adds new notes, re-reads notes whose
 * mtime or size changed, drops the ones no longer listed. `bulk` is the first build (postings
 * go straight to the compact store). Checkpoints `slicer` after every note.
 */
export async function syncNotes(
  core: IndexCore,
  source: VaultSource,
  slicer: TimeSlicer,
  bulk: boolean,
  onProgress: IndexBuildOptions['onProgress'],
): Promise<{ indexed: number; removed: number; unchanged: number }> {
  const listed = await source.listNotes();
  await slicer.checkpoint();
  const listedPaths = new Set<string>();
  const changed: VaultNoteInfo[] = [];
  for (const info of listed) {
    listedPaths.add(info.path);
    const id = core.byPath.get(info.path);
    const known = id === undefined ? undefined : core.notes[id];
    if (!known || known.mtime !== info.mtime || known.size !== info.size) changed.push(info);
  }
  let removed = 0;
  for (const note of core.notes) {
    if (note.alive && !listedPaths.has(note.path) && core.removeNote(note.path)) removed += 1;
  }
  const reads = changed.slice(0, READ_AHEAD).map((info) => readOrUndefined(source, info.path));
  for (let index = 0; index < changed.length; index += 1) {
    if (index + READ_AHEAD < changed.length) reads.push(readOrUndefined(source, changed[index + READ_AHEAD].path));
    const text = await reads[index];
    reads[index] = Promise.resolve(undefined);
    if (text !== undefined) core.addNote(changed[index], text, bulk, source.metadata?.(changed[index].path));
    else core.removeNote(changed[index].path);
    if ((index & 63) === 63) onProgress?.({ indexed: index + 1, total: changed.length });
    await slicer.checkpoint();
  }
  return { indexed: changed.length, removed, unchanged: listed.length - changed.length };
}
