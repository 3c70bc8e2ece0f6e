/**
 * The guided tour's steps: what each one explains (its texts are in the `tour` namespace, by id),
 * where the camera looks, the round shown on the board and the example move it waits for. The
 * positions are played by the engine (positions.ts); the tour only chooses which one to show.
 */
import type { BoardSize, Variant } from '../engine/index';
import type { CameraFocus } from '../scene/cameraStore';
import { SUPPLY_CENTRE, THROW_AREA } from '../scene/layout';

/** A round of the tour: four players (two in the team variant), red thrown first, these moves played. */
export interface TourPosition {
  size: BoardSize;
  variant: Variant;
  misere?: boolean;
  /** Moves from the start; 'fill' plays on until one socket is left (the end step). */
  moves: readonly string[] | 'fill';
}

export interface TourStep {
  id: string;
  focus: CameraFocus;
  position: TourPosition;
  /** The example move the step waits for ('any' legal move); none for a step that only shows. */
  move?: string;
  /** The step plays its round's start on the board: the start balls and the physical throw. */
  playsThrow?: boolean;
}

/**
 * A camera view of `subject` from (radius, polar, azimuth), aimed `shift` units to its right as seen
 * from there, so the subject sits left of the screen's centre, clear of the tour panel on the right.
 */
function look(subject: [number, number, number], radius: number, polar: number, azimuth: number, shift: number): CameraFocus {
  const target: [number, number, number] = [subject[0] + shift * Math.cos(azimuth), subject[1], subject[2] - shift * Math.sin(azimuth)];
  return { target, radius, polar, azimuth };
}

const START: TourPosition = { size: 8, variant: 'standard', moves: [] };
const AFTER_F4: TourPosition = { size: 8, variant: 'standard', moves: ['f4'] };
/** The middle of the board, where the worked example is played (d4-f6). */
const MIDDLE: [number, number, number] = [0.6, 0.6, -0.3];
/** Aimed a little beyond the example (towards row 1): the example's far sockets (c3) stay clear of the seats' panel. */
const EXAMPLE_VIEW = look([MIDDLE[0], MIDDLE[1], MIDDLE[2] - 0.7], 19, 0.55, 0, 3.2);
const WHOLE_BOARD = look([0, 0, -1], 30, 0.45, 0, 4.5);

export const TOUR_STEPS: readonly TourStep[] = [
  { id: 'box', focus: look([SUPPLY_CENTRE[0], 0.5, SUPPLY_CENTRE[1]], 19, 0.75, 0.45, 3.5), position: START },
  { id: 'board', focus: look([0, 0, -1], 31, 0.2, 0, 4.5), position: START },
  { id: 'buttons', focus: look([0, 0, -0.5], 30, 0.65, 0.5, 4.5), position: START },
  { id: 'ball', focus: look([0, 0.6, 0], 10, 0.8, 0, 1.8), position: START },
  { id: 'throw', focus: look([THROW_AREA[0], 0.4, THROW_AREA[1]], 14, 0.8, -0.4, 2.5), position: START, playsThrow: true },
  { id: 'place', focus: EXAMPLE_VIEW, position: START, move: 'f4' },
  { id: 'diagonal', focus: EXAMPLE_VIEW, position: START, move: 'f6' },
  { id: 'mustCapture', focus: EXAMPLE_VIEW, position: START, move: 'd6' },
  { id: 'free', focus: look(MIDDLE, 21, 0.5, 0, 3.5), position: AFTER_F4, move: 'any' },
  { id: 'end', focus: WHOLE_BOARD, position: { size: 8, variant: 'standard', moves: 'fill' }, move: 'any' },
  { id: 'pro', focus: EXAMPLE_VIEW, position: { size: 8, variant: 'pro', moves: ['f4'] }, move: 'e3+e6' },
  { id: 'team', focus: look([0, 0, -0.5], 30, 0.6, 0, 4.5), position: { size: 8, variant: 'team', misere: true, moves: [] } },
  { id: 'sizes', focus: look([0, 0, -0.5], 26, 0.25, 0, 4), position: { size: 6, variant: 'standard', moves: [] } },
  { id: 'finish', focus: look([0, 0, -0.5], 30, 0.58, 0, 4), position: START },
];
