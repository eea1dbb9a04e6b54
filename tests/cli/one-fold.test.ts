import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot, sourceFiles } from '../support/source-files';

// DESIGN.md 13.2: the CLI prints the run's values as the runner folded them (`onRun`, the run
// accumulator), it does not fold the events a second time.

describe('the CLI folds no events of its own', () => {
  it('no CLI source calls the reasoning reducer or makes a run accumulator', () => {
    const folding = sourceFiles('src/cli').filter((file) => /\breduceReasoning\b|\bnew RunAccumulator\b/.test(readFileSync(path.join(repositoryRoot, file), 'utf8')));
    expect(folding).toEqual([]);
  });
});
