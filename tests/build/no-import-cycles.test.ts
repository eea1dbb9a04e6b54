import path from 'node:path';
import { findImportCycles, readImportGraph } from '../../tools/import-graph/find-import-cycles';

// DESIGN.md 13.2: no import cycle in src. A loop ties its modules together, so none can be
// understood, tested or loaded lazily on its own (the string tables once pulled the search
// worker's client, and with it 25 files, into every module that shows a word).

describe('src', () => {
  it('has no import cycle', () => {
    const graph = readImportGraph(path.join(__dirname, '..', '..', 'src'));
    expect(graph.size).toBeGreaterThan(400);
    const loops = findImportCycles(graph).map((loop) => `${loop.files.length} files, e.g. ${loop.cycle.join(' → ')}`);
    expect(loops).toEqual([]);
  });
});
