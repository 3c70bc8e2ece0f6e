/**
 * The layers of src/ (README.md, Architecture) as dependency-cruiser rules (.dependency-cruiser.cjs):
 * `npm test` fails on an import that crosses a layer the wrong way or closes a cycle. The rules
 * are also run on a small fixture that breaks them, so a rule that matches nothing is seen. And
 * the page's first scripts keep out the 3D libraries, which load with the scene (docs/app.md, Loading).
 */
import { resolve } from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

async function cruised(baseDir: string, options: ICruiseOptions): Promise<ICruiseResult> {
  const { output } = await cruise(['src'], { ...options, baseDir, validate: true });
  return output as ICruiseResult;
}

let ownCruise: Promise<ICruiseResult> | undefined;
/** src/ cruised with the project's own rules, once for the tests that read it. */
async function projectCruise(): Promise<ICruiseResult> {
  ownCruise ??= extractDepcruiseOptions(resolve(root, '.dependency-cruiser.cjs')).then((options) => cruised(root, options));
  return ownCruise;
}

/** Each rule broken, as "rule: from -> to (cycle ...)". */
const violationsOf = ({ summary }: ICruiseResult): string[] =>
  summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(' -> ')})` : ''}`);

async function violations(baseDir: string, options: ICruiseOptions): Promise<string[]> {
  return violationsOf(await cruised(baseDir, options));
}

it('src/ keeps its layers, with no import cycle', async () => {
  expect(violationsOf(await projectCruise())).toEqual([]);
}, 120_000);

/**
 * The chains of static imports from `entry` to a module whose path matches `target`, each as
 * "entry -> ... -> module". Types are not followed, nor dynamic imports unless `dynamic`:
 * dependency-cruiser lists a module's `import()` beside a `typeof import()` of it once, as the type
 * ('type-import'), so a chain through a dynamic import needs a value of the module to be used.
 */
function staticChains({ modules }: ICruiseResult, entry: string, target: RegExp, dynamic = false): string[] {
  const byName = new Map(modules.map((m) => [m.source, m]));
  const cameFrom = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const chains: string[] = [];
  while (queue.length > 0) {
    const name = queue.shift()!;
    for (const d of byName.get(name)?.dependencies ?? []) {
      if ((d.dynamic && !dynamic) || d.dependencyTypes.some((t) => t === 'type-only' || t === 'type-import') || cameFrom.has(d.resolved)) continue;
      cameFrom.set(d.resolved, name);
      if (target.test(d.resolved)) {
        const chain = [d.resolved];
        for (let at: string | null = name; at; at = cameFrom.get(at) ?? null) chain.unshift(at);
        chains.push(chain.join(' -> '));
      } else queue.push(d.resolved);
    }
  }
  return chains;
}

it('the page evaluates its first scripts without three.js, react-three-fiber or React DOM\'s client: they come with the scene', async () => {
  const result = await projectCruise();
  // The entry does reach the scene and three, through the scene's dynamic import.
  expect(staticChains(result, 'src/main.tsx', /^src\/ui\/SceneHost\.tsx$/)).toHaveLength(1);
  expect(staticChains(result, 'src/scene/index.ts', /node_modules\/three\//).length).toBeGreaterThan(0);
  expect(staticChains(result, 'src/main.tsx', /node_modules\/(three|@react-three|cannon-es)\//)).toEqual([]);
  // React DOM's client comes in the scene's chunk too (vite.config.ts), imported when the page renders.
  expect(staticChains(result, 'src/main.tsx', /node_modules\/react-dom\/(client\.js|cjs\/react-dom-client\.)/)).toEqual([]);
}, 120_000);

it('the page ships no physics engine: its start throws are baked (src/scene/throwFile.ts)', async () => {
  const result = await projectCruise();
  // The scene plays the throws it fetches; neither the page's start nor the scene reaches the simulation.
  expect(staticChains(result, 'src/scene/index.ts', /^src\/scene\/throwRecordings\.ts$/).length).toBeGreaterThan(0);
  for (const entry of ['src/main.tsx', 'src/scene/index.ts']) expect(staticChains(result, entry, /node_modules\/cannon-es\/|^src\/scene\/throwPhysics\.ts$/, true)).toEqual([]);
}, 120_000);

it('the rules catch a flow naming the page, a server importing the UI, a cycle, two folders of the app importing each other, and the server\'s parts calling up', async () => {
  const { tsConfig: _, ...options } = await extractDepcruiseOptions(resolve(root, '.dependency-cruiser.cjs'));
  const found = await violations(resolve(root, 'test/fixtures/layers'), options);
  expect(found).toEqual(
    expect.arrayContaining([
      'flow-on-engine: src/flow/turns.ts -> src/app/session.ts',
      'server-without-page: src/server/room.ts -> src/ui/panel.ts',
      expect.stringMatching(/^no-cycles: src\/(app\/session|flow\/turns)\.ts/),
      // A type-only import closes the ring too.
      expect.stringMatching(/^app-folders-one-way: src\/app\/(watch -> src\/app\/replay|replay -> src\/app\/watch) /),
      'server-rooms-on-top: src/server/players/profile.ts -> src/server/room/table.ts',
      'server-front-alone: src/server/front/guard.ts -> src/server/players/profile.ts',
    ]),
  );
  expect(found.some((v) => v.includes('src/engine/'))).toBe(false);
}, 120_000);
