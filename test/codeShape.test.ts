/**
 * The shape of the code that the type checker does not hold (docs/testing.md): read with the
 * TypeScript parser, so words in comments and strings never count.
 * - No `any` in src/app/online: the room's synced state is typed (src/app/online/roomView.ts).
 * - Modules small enough to hold in one's head, in the page's folders (src/app, src/ui, src/scene):
 *   no function over 250 lines, no class over 450, no file over 500.
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

/** The most lines a function, a class and a file may have. */
const LIMITS = { function: 250, class: 450, file: 500 };
/** The folders held to the limits: all of src. */
const LIMITED = ['src/engine', 'src/ai', 'src/flow', 'src/wire', 'src/app', 'src/director', 'src/scene', 'src/ui', 'src/audio', 'src/tour', 'src/server', 'src/cli', 'src/i18n'];
/** The engine's position: the search's innermost loop on bitboards, kept whole in one class on purpose. */
const EXEMPT = ['src/engine/position.ts'];

const lineOf = (file: ts.SourceFile, at: number) => file.getLineAndCharacterOfPosition(at).line + 1;

/** Each function, class and file of the source over its limit, as "path:line kind name: N lines". */
function overLimits(path: string, text: string): string[] {
  const file = parse(path, text);
  const over: string[] = [];
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > LIMITS.file) over.push(`${path}: ${lines} lines`);
  for (const node of nodes(file)) {
    const kind = ts.isFunctionLike(node) && 'body' in node && node.body ? 'function' : ts.isClassLike(node) ? 'class' : null;
    if (!kind) continue;
    const first = lineOf(file, node.getStart());
    const length = lineOf(file, node.getEnd()) - first + 1;
    const name = (node as ts.NamedDeclaration).name?.getText() ?? '(anonymous)';
    if (length > LIMITS[kind]) over.push(`${path}:${first} ${kind} ${name}: ${length} lines`);
  }
  return over;
}

describe('size limits', () => {
  it('finds a long function, a long class and a long file', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    expect(overLimits('f.ts', `export function long() {\n${body(249)}\n}\nconst short = () => 1;\n`)).toEqual(['f.ts:1 function long: 251 lines']);
    expect(overLimits('c.ts', `class Big {\n  m() {\n${body(200)}\n  }\n  n() {\n${body(250)}\n  }\n}\n`)).toEqual([
      'c.ts:1 class Big: 456 lines',
      'c.ts:204 function n: 252 lines',
    ]);
    expect(overLimits('long.ts', `${body(501)}\n`)).toEqual(['long.ts: 501 lines']);
    expect(overLimits('ok.ts', `const a = () => {\n${body(248)}\n};\n`)).toEqual([]);
  });

  it.each(LIMITED)('%s keeps to them', (dir) => {
    const held = sources(dir).filter(({ path }) => !EXEMPT.includes(path));
    expect(held.flatMap(({ path, text }) => overLimits(path, text))).toEqual([]);
  });
});
