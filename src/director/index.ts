/** The director: engine events -> a timed animation queue the scene samples. */
export { Director, BALL_COUNT, TIMING, emptyVisualState } from './timeline';
export type { SocketPhase, SocketView, StepKind, TableModel, ThrowView, VisualState, Step } from './timeline';
export { createPageDirector, initDirector, pageDirector, useDirector, type DirectorStatus, type PageDirector } from './store';
export { linkDirector } from './link';
