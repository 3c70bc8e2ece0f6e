/** The director: engine events -> a timed animation queue the scene samples. */
export { Director, BALL_COUNT, TIMING } from './timeline';
export type { SocketPhase, SocketView, StepKind, TableModel, ThrowView, VisualState, Step } from './timeline';
export { director, useDirector, type DirectorStore } from './store';
export { linkDirector } from './link';
