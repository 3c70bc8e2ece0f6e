/**
 * The layers of src/ (README.md, Architecture), kept by test/architecture.test.ts: one direction
 * of flow, engine -> ai/flow -> app -> director -> scene/ui, and a server that needs no page.
 * Also runs alone: npx depcruise src
 */
const ours = '^src/';
/** Imports from `from` may reach only these folders of src/. */
const only = (name, from, allowed, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `^src/${from}/` },
  to: { path: ours, pathNot: `^src/(${allowed.join('|')})/` },
});

module.exports = {
  forbidden: [
    only('engine-alone', 'engine', ['engine'], 'the rules engine imports nothing of ours but itself'),
    {
      ...only('ai-on-engine', 'ai', ['ai', 'engine'], 'the computer players build on the engine only; their tournaments (ai/tools) play matches of the match flow'),
      to: { path: ours, pathNot: '^src/(ai|engine)/' },
      from: { path: '^src/ai/', pathNot: '^src/ai/tools/' },
    },
    {
      name: 'ai-tools-on-flow',
      comment: 'the arena plays its games as matches of the match flow',
      severity: 'error',
      from: { path: '^src/ai/tools/' },
      to: { path: ours, pathNot: '^src/(ai|engine|flow)/|^src/wire/(matchSnapshot|contractCodes)[.]ts$' },
    },
    {
      ...only('flow-on-engine', 'flow', ['flow', 'engine'], 'the match and turn flows are shared by the page, the server and the arena: the engine, and the wire\'s plain types they publish'),
      to: { path: ours, pathNot: '^src/(flow|engine)/|^src/wire/(matchSnapshot|contractCodes)[.]ts$' },
    },
    only('wire-on-engine', 'wire', ['wire', 'engine'], 'the wire contract is shared by the page and the server: engine only'),
    {
      name: 'flow-no-packages',
      comment: 'the turn flow is pure TypeScript: no packages (the clock and the computer are passed in)',
      severity: 'error',
      from: { path: '^src/flow/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'core'] },
    },
    {
      name: 'wire-only-zod',
      comment: 'the wire contract needs zod and nothing else outside src/',
      severity: 'error',
      from: { path: '^src/wire/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'core'], pathNot: '(^|/)node_modules/zod/' },
    },
    {
      name: 'server-without-page',
      comment: 'the game server never imports the page: app, director, scene, ui, audio, tour',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(app|director|scene|ui|audio|tour)/' },
    },
    {
      name: 'server-rooms-on-top',
      comment: 'in the server, the rooms (room/, tables/) call the other parts; the front door, players, bots, computers and the database never call a room',
      severity: 'error',
      from: { path: '^src/server/(front|players|bots|computers|db)/' },
      to: { path: '^src/server/(room|tables)/' },
    },
    {
      name: 'server-front-alone',
      comment: 'the front door and its guards (src/server/front) stand below every other part of the server',
      severity: 'error',
      from: { path: '^src/server/front/' },
      to: { path: '^src/server/', pathNot: '^src/server/front/' },
    },
    {
      name: 'app-without-view',
      comment: 'the app layer (session, online, replay) never imports the 3D scene or the UI',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^src/(scene|ui)/' },
    },
    {
      name: 'app-folders-one-way',
      comment: 'no two folders of src/app import each other (nor go round in a longer ring): each concern sits above or below another',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/app/[^/]+' },
      to: { path: '^src/app/[^/]+', circular: true },
    },
    {
      name: 'no-cycles',
      comment: 'no import cycles in src/',
      severity: 'error',
      from: { path: ours },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a layer may not even name another's types.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.d\\.ts$' },
  },
};
