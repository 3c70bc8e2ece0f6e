/**
 * The one loader of the throw's physics chunk (cannon-es). No three.js here, so the page can start
 * fetching the physics while the scene's own chunk is still loading (ui/SceneHost).
 */
let physics: Promise<typeof import('./throwPhysics')> | null = null;

export function physicsModule(): Promise<typeof import('./throwPhysics')> {
  physics ??= import('./throwPhysics');
  return physics;
}

/** Fetches the physics and builds what every throw needs (the ball's hull). */
export function preloadPhysics(): Promise<void> {
  return physicsModule().then((m) => m.loadPhysics());
}
