/**
 * Vite plugin: react-three-fiber's <Canvas> registers the whole `three` namespace as JSX elements
 * (`extend(THREE)`), which keeps every class of three.js in the bundle. Its module gets the scene's
 * elements instead (src/scene/threeElements.ts), so the build tree-shakes the rest of three.js. Only
 * that import is redirected: react-three-fiber's other modules, drei and the scene import three itself.
 * The dev server may pre-bundle react-three-fiber without this plugin: the whole namespace then, which
 * draws the same.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const CANVAS_MODULE = /\/@react-three\/fiber\/dist\/react-three-fiber\.esm\.js$/;
const ELEMENTS = fileURLToPath(new URL('../src/scene/threeElements.ts', import.meta.url));

export function canvasElementsPlugin(): Plugin {
  return {
    name: 'rolit-canvas-elements',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'three' && importer && CANVAS_MODULE.test(importer)) return ELEMENTS;
      return null;
    },
  };
}
