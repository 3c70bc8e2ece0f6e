/**
 * A video clip of a replay: the canvas's own stream (canvas.captureStream) recorded with
 * MediaRecorder as WebM while the replay steps through the chosen moves at the chosen speed,
 * from the current camera. The scene draws on demand, so the clip holds the frames of the
 * animations; the still moments before and after are held for a little while.
 */
import { useSession } from '../../app/page/pageSession';
import { pageDirector } from '../../director/index';

export interface ClipRequest {
  line: number;
  /** Moves already played at the clip's start, and at its end. */
  from: number;
  to: number;
  /** Animation speed while recording (0.25 = slow motion). */
  speed: number;
  onProgress(done: number, total: number): void;
  signal: AbortSignal;
}

const HOLD_MS = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function animationsDone(signal: AbortSignal): Promise<void> {
  const status = pageDirector().status;
  await sleep(50);
  while (status.getState().busy && !signal.aborted) await sleep(50);
}

/** A WebM type this browser records, or null. */
export function clipType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

/** Records the clip; null when cancelled. The viewer's speed is restored afterwards. */
export async function recordClip(canvas: HTMLCanvasElement, request: ClipRequest): Promise<Blob | null> {
  const type = clipType();
  if (!type) throw new Error('this browser cannot record WebM video');
  const session = useSession.getState();
  const speed = session.settings.speed;
  const { signal } = request;
  session.replayGo(request.line, request.from);
  await animationsDone(signal);
  const stream = canvas.captureStream(30);
  const recorder = new MediaRecorder(stream, { mimeType: type });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  try {
    session.setSpeed(request.speed);
    recorder.start(250);
    await sleep(HOLD_MS);
    const total = request.to - request.from;
    for (let done = 0; done < total && !signal.aborted; done++) {
      useSession.getState().replayStep(1);
      await animationsDone(signal);
      request.onProgress(done + 1, total);
    }
    if (!signal.aborted) await sleep(HOLD_MS);
  } finally {
    recorder.stop();
    await stopped;
    for (const track of stream.getTracks()) track.stop();
    useSession.getState().setSpeed(speed);
  }
  return signal.aborted ? null : new Blob(chunks, { type: 'video/webm' });
}
