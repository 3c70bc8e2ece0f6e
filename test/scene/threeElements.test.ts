import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import * as elements from '../../src/scene/threeElements';

/** Every .tsx file of src, with its path. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return path.endsWith('.tsx') ? [path] : [];
  });

/** The JSX elements written in a source that name a three.js class (<mesh> is Mesh), by class name; an SVG's (<path>) are the DOM's. */
function threeElementsIn(text: string): string[] {
  const tags = [...text.replace(/<svg[\s>][\s\S]*?<\/svg>/g, '').matchAll(/<([a-z][A-Za-z0-9]*)[\s/>]/g)].map((m) => m[1][0].toUpperCase() + m[1].slice(1));
  return [...new Set(tags)].filter((name) => typeof (THREE as Record<string, unknown>)[name] === 'function');
}

describe('the three.js elements the canvas registers (src/scene/threeElements.ts)', () => {
  it('has every three.js class the sources write as a JSX element', () => {
    const missing = sources('src').flatMap((file) => threeElementsIn(readFileSync(file, 'utf8')).filter((name) => !(name in elements)).map((name) => `${name} (${file})`));
    expect(missing, 'export these from src/scene/threeElements.ts').toEqual([]);
  });

  it('finds the elements of a scene written as JSX, and only three.js classes', () => {
    expect(threeElementsIn('<group>\n<mesh castShadow>\n<torusGeometry args={[1]} /></mesh></group><div><common>')).toEqual(['Group', 'Mesh', 'TorusGeometry']);
    expect(threeElementsIn('<svg viewBox="0 0 9 9"><path d="M0 0h1" /></svg><mesh>')).toEqual(['Mesh']);
  });

  it('holds only three.js classes', () => {
    for (const [name, value] of Object.entries(elements)) expect(value, name).toBe((THREE as Record<string, unknown>)[name]);
  });
});
