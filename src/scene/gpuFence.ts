/**
 * Waiting for the GPU process without blocking the page. Three.js asks whether a program is
 * compiled (KHR_parallel_shader_compile's status), but in Chrome each such question is a
 * synchronous round trip that waits until the GPU process has worked through every command sent
 * before it: with compiles queued (seconds on a software renderer) the page froze in that one
 * call. A fence's status is answered without blocking (Chrome updates it asynchronously), so the
 * page polls it a task at a time and asks three.js only once the GPU process has caught up.
 */
import type { WebGLRenderer } from 'three';

const POLL_MS = 8;
/** Past this the page stops waiting and lets the status question wait instead (a stuck driver). */
const GIVE_UP_MS = 60_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once the GPU process has done the commands sent so far (at once without WebGL 2). */
export async function gpuCaughtUp(gl: WebGLRenderer): Promise<void> {
  const context = gl.getContext();
  if (typeof WebGL2RenderingContext === 'undefined' || !(context instanceof WebGL2RenderingContext)) return;
  const fence = context.fenceSync(context.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!fence) return;
  context.flush();
  const until = performance.now() + GIVE_UP_MS;
  try {
    while (!context.isContextLost() && performance.now() < until && context.getSyncParameter(fence, context.SYNC_STATUS) !== context.SIGNALED) await pause(POLL_MS);
  } finally {
    context.deleteSync(fence);
  }
}
