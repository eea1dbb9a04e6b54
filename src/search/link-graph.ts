import type { IndexedNote } from './index-types';
import { resolveLink } from './resolve-link';

/** A note record as the link graph sees it. */
interface LinkedNote extends IndexedNote {
  readonly alive: boolean;
}

/**
 * Resolves links and answers backlink questions over the indexed notes. The file-name map
 * and the backlink table are built on first use after a change, so a burst of edits costs
 * one rebuild, and a rebuild is one pass over the links (no per-link vault scan).
 */
export class LinkGraph {
  private byName: Map<string, string[]> | undefined;
  private incoming: Map<string, Map<string, number>> | undefined;

  constructor(private readonly notes: () => readonly LinkedNote[]) {}

  /** Forgets derived tables after notes changed. */
  invalidate(): void {
    this.byName = undefined;
    this.incoming = undefined;
  }

  resolve(linktext: string, sourcePath = ''): string | undefined {
    const byName = this.names();
    return resolveLink(linktext, (name) => byName.get(name) ?? [], sourcePath);
  }

  /** Notes linking to `path`, with their number of links, most links first. */
  backlinks(path: string): { path: string; count: number }[] {
    if (!this.incoming) {
      const incoming = new Map<string, Map<string, number>>();
      for (const note of this.notes()) {
        if (!note.alive) continue;
        for (const link of note.links) {
          const target = this.resolve(link, note.path);
          if (target === undefined || target === note.path) continue;
          let sources = incoming.get(target);
          if (!sources) incoming.set(target, (sources = new Map<string, number>()));
          sources.set(note.path, (sources.get(note.path) ?? 0) + 1);
        }
      }
      this.incoming = incoming;
    }
    return [...(this.incoming.get(path) ?? new Map<string, number>())]
      .map(([source, count]) => ({ path: source, count }))
      .sort((a, b) => b.count - a.count || a.path.localeCompare(b.path));
  }

  private names(): Map<string, string[]> {
    if (!this.byName) {
      const byName = new Map<string, string[]>();
      for (const note of this.notes()) {
        if (!note.alive) continue;
        const name = note.path.slice(note.path.lastIndexOf('/') + 1).toLowerCase();
        const list = byName.get(name);
        if (list) list.push(note.path);
        else byName.set(name, [note.path]);
      }
      this.byName = byName;
    }
    return this.byName;
  }
}
