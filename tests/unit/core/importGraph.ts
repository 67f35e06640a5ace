// The code base's import graph, read with TypeScript's own parser, and the cycles in it. Every
// import counts — `import type`, `import { type X }`, `export type … from` included: a type-only
// cycle is erased at run time, but it still ties two modules together (neither can move or be
// understood without the other), so it is a cycle all the same.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Module specifiers every file may use besides relative ones, and the file each stands for. */
export type Aliases = Record<string, string>;

/** Every module specifier of a source text: static imports and exports (type-only or not), `import x = require()`, and `import()`. */
export function specifiersOf(source: string, fileName = 'file.ts'): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) out.push(node.moduleReference.expression.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) out.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) out.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The project files (relative to `root`) a file imports: relative specifiers and aliases, resolved to .ts/.tsx files. */
export function importsOf(root: string, file: string, aliases: Aliases = {}): string[] {
  const out: string[] = [];
  for (const spec of specifiersOf(fs.readFileSync(path.join(root, file), 'utf8'), file)) {
    const base = spec in aliases ? aliases[spec]! : spec.startsWith('.') ? path.join(path.dirname(file), spec) : null;
    if (base === null) continue;
    const hit = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((p) => fs.existsSync(path.join(root, p)) && fs.statSync(path.join(root, p)).isFile());
    if (hit && /\.tsx?$/.test(hit)) out.push(path.normalize(hit));
  }
  return out;
}

/** Every .ts/.tsx file (not .d.ts) under the folders, relative to `root`. */
export function sourceFiles(root: string, dirs: string[]): string[] {
  const walk = (d: string): string[] =>
    fs
      .readdirSync(path.join(root, d), { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path.join(d, e.name)] : []));
  return dirs.filter((d) => fs.existsSync(path.join(root, d))).flatMap(walk);
}

export function importGraph(root: string, dirs: string[], aliases: Aliases = {}): Map<string, string[]> {
  return new Map(sourceFiles(root, dirs).map((f) => [path.normalize(f), importsOf(root, f, aliases)]));
}

/** The cycles of a graph: each strongly connected component of more than one file (or a file importing itself), sorted (Tarjan). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return cycles;
}

/**
 * The folder whose index.ts an import from `from` of `to` must go through, or null when `to` may be
 * imported as it is: under lib/, a file is imported from outside its folder (lib/<capability>, or a
 * folder in it) only through that folder's index.ts. Paths relative to the repository.
 */
export function gateOf(from: string, to: string): string | null {
  const f = from.split(path.sep).join('/');
  const parts = to.split(path.sep).join('/').split('/');
  if (parts[0] !== 'lib') return null;
  for (let i = 2; i < parts.length; i++) {
    const folder = parts.slice(0, i).join('/');
    if (!f.startsWith(`${folder}/`)) return parts.join('/') === `${folder}/index.ts` ? null : folder;
  }
  return null;
}
