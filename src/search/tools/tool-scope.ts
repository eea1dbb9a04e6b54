import { describeScope } from '../../agent';
import { type NoteScope, scopeFilter } from '../note-filter';
import type { VaultIndexReader } from '../index-reader';

/**
 * A run's scope as the vault tools apply it (DESIGN.md 11.1): which notes they may see. Without a
 * scope every note is in it. Notes attached explicitly (`paths`) are always in it.
 */
export class ToolScope {
  private readonly accepts: ((path: string) => Promise<boolean>) | null;

  constructor(
    index: VaultIndexReader,
    readonly scope: NoteScope | undefined,
  ) {
    if (scope === undefined) {
      this.accepts = null;
    } else {
      const filter = scopeFilter(scope);
      const paths = new Set(scope.paths ?? []);
      // The index may be in a worker: each lookup is awaited.
      this.accepts = async (path) => {
        const note = await index.note(path);
        return note === undefined ? paths.has(path) : filter(note);
      };
    }
  }

  /** Whether the tools may show this note. */
  allows(path: string): Promise<boolean> {
    return this.accepts === null ? Promise.resolve(true) : this.accepts(path);
  }

  /** The sentence a tool answers with for a note outside the scope. */
  outside(path: string): string {
    return `${path} is outside the scope of this question (${describeScope(this.scope)}); only notes in the scope and the attached notes can be used.`;
  }
}
