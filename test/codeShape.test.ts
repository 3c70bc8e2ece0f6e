/**
 * The shape of the code that the type checker does not hold (docs/testing.md): read with the
 * TypeScript parser, so words in comments and strings never count.
 * - No `any` in src/app/online: the room's synced state is typed (src/app/online/roomView.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** The TypeScript files under `dir` (relative to the repository), each with its text. */
function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(resolve(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => ({ path: relative(root, join(root, dir, name)), text: readFileSync(resolve(root, dir, name), 'utf8') }));
}

const parse = (path: string, text: string) => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** Every node of a file, depth first. */
function* nodes(node: ts.Node): Generator<ts.Node> {
  yield node;
  for (const child of node.getChildren()) yield* nodes(child);
}

/** Each `any` written in the file, as "path:line". */
function anyTypes(path: string, text: string): string[] {
  const file = parse(path, text);
  return [...nodes(file)].filter((n) => n.kind === ts.SyntaxKind.AnyKeyword).map((n) => `${path}:${file.getLineAndCharacterOfPosition(n.getStart()).line + 1}`);
}

describe('no any', () => {
  it('finds an any in a type, a cast and a generic, never in a comment or a string', () => {
    const text = "// any case\nconst a: any = 1;\nconst b = a as any;\nconst c: Record<string, any> = {};\nconst d = 'any';\n";
    expect(anyTypes('x.ts', text)).toEqual(['x.ts:2', 'x.ts:3', 'x.ts:4']);
  });

  it('src/app/online writes no any', () => {
    const found = sources('src/app/online').flatMap(({ path, text }) => anyTypes(path, text));
    expect(found).toEqual([]);
  });
});
