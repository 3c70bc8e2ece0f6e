/** The director: engine events -> a timed animation queue the scene samples. */
export { Director } from './timeline';
export { BALL_COUNT, TIMING } from './steps';
export { emptyVisualState } from './view';
export type { Step, StepKind, TableModel } from './steps';
export type { SocketPhase, SocketView, ThrowView, VisualState } from './view';
export { createPageDirector, initDirector, pageDirector, useDirector, type DirectorStatus, type PageDirector } from './store';
export { linkDirector } from './link';
