import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, for reading its sources. */
export const repositoryRoot = path.resolve(__dirname, '../..');

/** The TypeScript sources under `relative` (a folder or one file), repository-relative, `.d.ts` left out. */
export function sourceFiles(relative: string): string[] {
  if (relative.endsWith('.ts') || relative.endsWith('.tsx')) return [relative];
  return readdirSync(path.join(repositoryRoot, relative), { withFileTypes: true }).flatMap((entry) => {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) return sourceFiles(child);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [child] : [];
  });
}
