/**
 * No English written into the components: a scan of every .tsx file of src/ui and src/scene for
 * JSX text and for string literals given to the attributes a person reads or hears (aria-label,
 * title, placeholder, alt...) that hold letters. Such words must come from the language files
 * (t(), a feature's texts). Allowed: square and board names ("a1", "8x8") and technical values.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src/ui', 'src/scene'];
/** Attributes whose value is shown or spoken. */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
/** Texts that are the same in every language: square names, board sizes. */
const ALLOWED = /^([a-h][1-8]|\d+x\d+|a1)$/;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? tsxFiles(join(dir, d.name)) : d.name.endsWith('.tsx') ? [join(dir, d.name)] : []));
}

/** Letters in a text that is not allowed as it is. */
function wordy(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return /\p{L}{2,}/u.test(trimmed) && !ALLOWED.test(trimmed);
}

/** The literal texts a string-valued expression writes ('x', `x ${y}`, a ? 'x' : 'y'). */
function literals(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken) return [...literals(node.left), ...literals(node.right)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return literals(node.right);
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  return [];
}

/** "file:line: text" for each English-looking text written into the file's JSX. */
function untranslated(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${JSON.stringify(text.trim())}`);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && wordy(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const text of literals(node.expression)) if (wordy(text)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value) for (const text of literals(value)) if (wordy(text)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('components write no English of their own', () => {
  const files = ROOTS.flatMap(tsxFiles);

  it('finds the components', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('the scan catches JSX text, a read attribute and a template literal', () => {
    const probe = join('test', 'fixtures', 'untranslatedProbe.tsx');
    expect(untranslated(probe).map((l) => l.replace(/^.*?: /, ''))).toEqual(['"Hello there"', '"Close the panel"', '"Move"', '"Pick one"', '"(late)"']);
  });

  it.each(files)('%s', (file) => {
    expect(untranslated(file)).toEqual([]);
  });
});
