/**
 * The camera: orbit, zoom and pan (drei OrbitControls) kept above the table and near the game, and
 * which of its modes moves it each frame: following the start throw (throwFollow.ts), the
 * cinematic camera (cinematicPath.ts), or a flight to a chosen view (cameraFlight.ts), the views
 * themselves fitted to the free area (cameraViews.ts). During the start throw it follows the thrown
 * ball, then flies back to the player's view (not with reduced motion, where the ball lies still and
 * the camera stays).
 */
import { OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { type PerspectiveCamera, Spherical, Vector3 } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { useSession } from '../app/page/pageSession';
import { reducedMotionOn, useAccess } from '../app/setup/accessPrefs';
import { type Flight, flightFrame, flightTo, landAt } from './cameraFlight';
import { clearInsets } from './boardFrame';
import { CAMERA_PRESETS, type CameraPreset, type FrameInsets, useCamera } from './cameraStore';
import { aimAtArea, freeArea, FOV, homeTarget, homeView, LANDSCAPE_ASPECT, presetPosition, presetSpherical, restingBall } from './cameraViews';
import { cinematicOn, stopCinematic, useCinematic } from './cinematicCamera';
import { cinematicFrame, newCinema, startCinema, useLastMoveAim } from './cinematicPath';
import { loadProgress } from './loadProgress';
import { probe } from './renderInfo';
import { newThrowFollow, throwFrame, type ThrowFollowRig } from './throwFollow';
import { currentView } from './view';

/** The controls' damping: the share of a drag's motion still to come that a 60th of a second applies. */
const DAMPING_PER_60TH = 0.12;

/**
 * The controls' damping factor for a frame `delta` seconds long. The controls apply it once a frame,
 * so a fixed factor makes a drag lag and its glide last a number of frames: seconds of the camera
 * creeping on where a frame takes half a second (software rendering). By the frame's length, the
 * motion keeps the same pace per second at any frame rate (from 120 frames a second down: a frame
 * of next to no time still moves the camera, and the controls then ask for the next one).
 */
export function dampingFactor(delta: number): number {
  return 1 - (1 - DAMPING_PER_60TH) ** (Math.min(1, Math.max(1 / 120, delta)) * 60);
}
const PAN_LIMIT = 12;
const MAX_DISTANCE = 48;

export function CameraRig() {
  const controls = useRef<OrbitControlsImpl>(null);
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  const width = useThree((s) => s.size.width);
  const height = useThree((s) => s.size.height);
  const aspect = width / Math.max(1, height);
  const fov = (camera as PerspectiveCamera).fov ?? FOV;
  const panels = useCamera((s) => s.panels);
  const request = useCamera((s) => s.request);
  const preset = useCamera((s) => s.preset);
  const focus = useCamera((s) => s.focus);
  const cinematic = useCinematic();
  const reduced = useAccess(reducedMotionOn);
  // The view the board is framed for: the preset's, or the side the cinematic camera cut to.
  const cut = useCamera((s) => s.cut);
  const framedFor = cinematic && reduced && cut ? cut : preset;
  // The room the board is framed in, clear of the panels (kept while it stays so, for the same view:
  // each view has one framing for the same panels, whichever was shown before).
  const framedIn = useRef<{ view: CameraPreset; insets: FrameInsets } | null>(null);
  // Before the round's first move the start ball is thrown and lies on the table (the status line's slot kept clear for it).
  const ballOnTable = useSession((s) => s.shown.moves.length === 0);
  const insets = useMemo(() => {
    const kept = framedIn.current?.view === framedFor ? framedIn.current.insets : null;
    framedIn.current = { view: framedFor, insets: clearInsets(panels, width, height, framedFor, fov, kept, ballOnTable) };
    return framedIn.current.insets;
  }, [panels, width, height, framedFor, fov, ballOnTable]);
  const area = useMemo(() => freeArea(width, height, insets, fov), [width, height, insets, fov]);
  /** Frames the board for a side's view now, the camera's axis through its free area (the reduced-motion cinematic camera's cuts). */
  const aimFor = (side: CameraPreset) => {
    const framed = freeArea(width, height, clearInsets(useCamera.getState().panels, width, height, side, fov, null, ballOnTable), fov);
    if ((camera as PerspectiveCamera).isPerspectiveCamera) aimAtArea(camera as PerspectiveCamera, width, height, framed);
    return framed;
  };
  // The viewer has moved the camera since the last view chosen: a change of the panels' room leaves it be.
  const taken = useRef(false);
  // Where the camera stood when the viewer last pressed on the canvas, whether it was theirs then and flying.
  const pressed = useMemo(() => ({ position: new Vector3(), taken: false, flying: false }), []);
  const flight = useRef<Flight | null>(null);
  // The flight's point of each frame, reused (no allocation per frame).
  const along = useMemo(() => new Spherical(), []);
  const cinema = useMemo(newCinema, []);
  // The throw whose resting ball the camera's home view frames (its seed): once it is at rest, a
  // view that did not frame it (the camera was flying as the throw began) flies home to frame it.
  const restFramed = useRef(-1);
  const follow = useMemo(newThrowFollow, []);
  // What following the throw reads of the rest of the rig, brought up to date each frame (one object, reused).
  const throwRig = useMemo<ThrowFollowRig>(
    () => ({ camera, area, along, reduced, cinematic, flying: false, taken: false, framedRest: (seed) => void (restFramed.current = seed), invalidate }),
    [],
  );

  // window.rolit.settled waits for a flight to end.
  useEffect(() => {
    probe.flying = () => flight.current !== null;
    return () => {
      probe.flying = null;
    };
  }, []);

  // The camera's axis through the free area's centre, so that the framed board sits there.
  useLayoutEffect(() => {
    const lens = camera as PerspectiveCamera;
    if (!lens.isPerspectiveCamera) return;
    aimAtArea(lens, width, height, area);
    invalidate();
  }, [camera, invalidate, width, height, area]);

  // First frame: sit at the preset without flying.
  useEffect(() => {
    camera.position.copy(presetPosition(useCamera.getState().preset, area));
    const home = homeTarget(area);
    camera.lookAt(home);
    controls.current?.target.copy(home);
    controls.current?.update();
    invalidate();
    // Only at mount: later screen shapes fly to the preset instead (below).
  }, [camera, invalidate]);

  /** Frames this canvas has drawn: before its first, nobody has seen where the camera was. */
  const framesDrawn = useRef(0);

  /** Flies to a view (at once with reduced motion, or before the first frame), turning the short way round. */
  const flyTo = (to: Spherical, toTarget: Vector3) => {
    const next = flightTo(camera, controls.current!.target, to, toTarget);
    // Reduced motion, or a view taken before anything was drawn (the start ball already at rest when
    // the scene first shows): no glide, the view is taken now and the next frame shows it. Taken
    // outside a frame, the controls see no change in that frame and ask for no second one.
    if (reducedMotionOn(useAccess.getState()) || framesDrawn.current === 0) {
      flight.current = null;
      landAt(camera, controls.current!, next);
    } else flight.current = next;
    invalidate();
  };
  /** Flies to the preset's view, framing the start ball's resting place too when one lies there. */
  const flyHome = (rest: Vector3 | null) => {
    const thrown = currentView().throwBall;
    if (rest && thrown) restFramed.current = thrown.seed;
    const home = homeView(useCamera.getState().preset, area, rest);
    flyTo(home.spherical, home.target);
  };

  // A preset chosen (a camera button, Reset view), or the screen's shape changed (a phone turned):
  // fly to the preset's fitted view; so too when the panels' room changed, unless the viewer has
  // moved the camera since the last view chosen. A chosen view also stops the cinematic camera.
  const shape = useRef(aspect);
  const framed = useRef(area);
  const asked = useRef(request);
  useEffect(() => {
    const reshaped = Math.abs(shape.current - aspect) > 0.05;
    const reframed = Math.abs(framed.current.aspect - area.aspect) > 0.02 || Math.abs(framed.current.fov - area.fov) > 0.2;
    const requested = request !== asked.current;
    shape.current = aspect;
    framed.current = area;
    asked.current = request;
    if (requested) {
      stopCinematic();
      taken.current = false;
    }
    // A turned or resized screen is framed anew, and so are the panels' next changes (they follow the
    // new shape a frame later): the viewer's own view does not survive the screen's change.
    if (reshaped) taken.current = false;
    if ((!requested && !reshaped && (!reframed || taken.current)) || !controls.current) return;
    if (!requested && cinematicOn()) {
      cinema.side = null; // the cinematic camera fits the new shape itself (reduced motion: cut again)
      return;
    }
    // A focus is framed for a landscape screen: narrower ones move back (less than in proportion: a phone's board stays big enough to tap).
    if (focus) flyTo(new Spherical(focus.radius * Math.max(1, LANDSCAPE_ASPECT / aspect) ** 0.75, focus.polar, focus.azimuth), new Vector3(...focus.target));
    else flyHome(restingBall(reducedMotionOn(useAccess.getState())));
  }, [request, preset, focus, aspect, area, camera, invalidate, cinema]);

  // The last move as the board shows it: the cinematic camera leans toward it.
  useLastMoveAim(cinema, invalidate);

  // The cinematic camera switched on (or reduced motion changed while on): start its path where the camera is.
  useEffect(() => {
    const c = controls.current;
    if (!cinematic || !c) return;
    flight.current = null;
    startCinema(cinema, camera, c.target);
    invalidate();
  }, [cinematic, reduced, camera, cinema, invalidate]);

  /**
   * The start ball has come to rest where the home view does not frame it (the throw was not
   * followed: the camera was flying to the player's side as it began): fly home to frame it, unless
   * the viewer has the camera, the cinematic camera or a tour's view does, or with reduced motion
   * (the camera stays; the ball lies in the throw area, in view).
   */
  const frameRestingBall = () => {
    const thrown = currentView().throwBall;
    if (!thrown && restFramed.current >= 0) return frameBoard();
    if (!thrown || thrown.progress < 1 || thrown.seed === restFramed.current) return;
    if (reduced || cinematic || taken.current || flight.current || follow.from || useCamera.getState().focus) return;
    const rest = restingBall(false);
    if (rest) flyHome(rest);
  };

  /**
   * The start ball the home view framed has gone back into the box (the first move): the home view
   * frames the board alone again, closer, unless the viewer has the camera, the cinematic camera or
   * a tour's view does.
   */
  const frameBoard = () => {
    restFramed.current = -1;
    if (cinematic || taken.current || follow.from || useCamera.getState().focus) return;
    flyHome(null);
  };

  // A ball already at rest when the view first shows (a resumed game, instant speed) is framed as
  // the shaders are compiled, before the first frame rather than inside it (where the controls'
  // change would ask for a second frame: a second under software rendering).
  const latestFrameRestingBall = useRef(frameRestingBall);
  latestFrameRestingBall.current = frameRestingBall;
  useEffect(
    () =>
      loadProgress.subscribe((now, before) => {
        if (now.done.shaders && !before.done.shaders && framesDrawn.current === 0) latestFrameRestingBall.current();
      }),
    [],
  );

  useFrame((_, delta) => {
    const c = controls.current;
    if (!c) return;
    throwRig.camera = camera;
    throwRig.area = area;
    throwRig.reduced = reduced;
    throwRig.cinematic = cinematic;
    throwRig.invalidate = invalidate;
    throwRig.flying = flight.current !== null;
    throwRig.taken = taken.current;
    if (throwFrame(follow, c, throwRig, delta)) return;
    frameRestingBall();
    if (cinematic && !flight.current) return cinematicFrame(cinema, camera, c, area, reduced, delta, invalidate, aimFor);
    const f = flight.current;
    if (!f) return;
    // This frame draws the flight's end: another is asked for only while it goes on.
    if (flightFrame(f, camera, c, along, delta)) flight.current = null;
    else invalidate();
  });
  // After the frame's other work: counts the frames drawn.
  useFrame(() => void framesDrawn.current++);
  // Before the controls' own update (drei runs it at -1): this frame's damping.
  useFrame((_, delta) => {
    if (controls.current) controls.current.dampingFactor = dampingFactor(delta);
  }, -2);

  return (
    <OrbitControls
      ref={controls}
      makeDefault
      enableDamping
      minDistance={9}
      maxDistance={Math.max(MAX_DISTANCE, ...CAMERA_PRESETS.map((p) => presetSpherical(p, area).radius * 1.2))}
      minPolarAngle={0}
      maxPolarAngle={1.32}
      onStart={() => {
        // Where a press started: a tap (a move played on a phone) that moves nothing leaves the camera the page's.
        pressed.position.copy(camera.position);
        pressed.taken = taken.current;
        pressed.flying = flight.current !== null;
        // The viewer takes the camera: a flight, following the throw or the cinematic camera stops at once.
        flight.current = null;
        taken.current = true;
        if (follow.from) follow.declined = currentView().throwBall?.seed ?? -1;
        follow.from = null;
        stopCinematic();
      }}
      onEnd={() => {
        if (camera.position.distanceToSquared(pressed.position) > 1e-6) return;
        // A tap: the panels' room still frames the board, and a flight it stopped goes on.
        taken.current = pressed.taken;
        if (pressed.flying && !taken.current) flyHome(restingBall(reducedMotionOn(useAccess.getState())));
      }}
      onChange={() => {
        // Keep the pan near the game and above the table.
        const t = controls.current?.target;
        if (!t) return;
        t.x = Math.max(-PAN_LIMIT, Math.min(PAN_LIMIT, t.x));
        t.z = Math.max(-PAN_LIMIT, Math.min(PAN_LIMIT, t.z));
        t.y = Math.max(0, Math.min(4, t.y));
      }}
    />
  );
}
