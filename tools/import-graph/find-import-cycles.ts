import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import graph of a folder of TypeScript sources and the cycles in it (DESIGN.md 13.2: no
 * import cycle in `src`; tests/build/no-import-cycles.test.ts). Every relative import counts:
 * `import`, `import type`, `export … from` and `import()`, since each ties one module to the
 * other; bare names (packages) are outside the graph.
 */

/** Each source file (relative to the folder, with `/`) and the files of the folder it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const SOURCE = /\.tsx?$/;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Every `.ts`/`.tsx` file under `root` (declaration files left out) with its relative imports. */
export function readImportGraph(root: string): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const targets = new Set<string>();
    for (const specifier of importSpecifiers(file, text)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(root, path.posix.join(path.posix.dirname(file), specifier));
      if (target !== null) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Files that reach each other through their imports. */
export interface ImportCycle {
  /** Every file of the loop (a strongly connected component of the graph), sorted. */
  readonly files: readonly string[];
  /** One shortest way round it, from its first file back to it (`a.ts`, `b.ts`, `a.ts`). */
  readonly cycle: readonly string[];
}

/**
 * The import loops of `graph`: one per strongly connected component of more than one file (or a
 * file that imports itself). Sorted, so a report reads the same every run.
 */
export function findImportCycles(graph: ImportGraph): ImportCycle[] {
  return stronglyConnected(graph)
    .filter((component) => component.length > 1 || (graph.get(component[0]) ?? []).includes(component[0]))
    .map((component) => {
      const files = [...component].sort();
      return { files, cycle: cycleThrough(graph, new Set(files), files[0]) };
    })
    .sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

function sourceFiles(root: string, folder = ''): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(root, folder)).sort()) {
    const relative = folder === '' ? name : `${folder}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) files.push(...sourceFiles(root, relative));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(relative);
  }
  return files;
}

function importSpecifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The file an extensionless relative import names, as TypeScript's bundler resolution finds it. */
function resolveRelative(root: string, target: string): string | null {
  const normalised = path.posix.normalize(target);
  if (SOURCE.test(normalised) && existsSync(path.join(root, normalised))) return normalised;
  for (const extension of EXTENSIONS) {
    const candidate = `${normalised}${extension}`;
    if (existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

/** Tarjan's algorithm, iterative (no recursion limit on deep graphs). */
function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next];
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** A shortest path from `start` back to itself inside `component` (breadth first). */
function cycleThrough(graph: ImportGraph, component: ReadonlySet<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head];
    for (const target of graph.get(node) ?? []) {
      if (!component.has(target)) continue;
      if (target === start) {
        const way: string[] = [];
        for (let step: string | undefined = node; step !== undefined && step !== start; step = previous.get(step)) way.unshift(step);
        return [start, ...way, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
