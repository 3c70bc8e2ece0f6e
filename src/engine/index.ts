/** The rules engine: pure TypeScript, no DOM, three or react. */
export * from './colours';
export * from './events';
export * from './excerpt';
export * from './game';
export * from './geometry';
export * from './perft';
export * from './position';
export * from './random';
export * from './state';
export * from './match';
export * from './numberText';
export * from './recordFormat';
export * from './recordReader';
export * from './recordWriter';
export * from './recordPlayers';
export * from './outcome';
