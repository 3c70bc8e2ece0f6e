/** Video clip of the replay: which moves, at what speed; progress while recording; cancel. */
import { useRef, useState } from 'react';
import { useSession } from '../../app/page/pageSession';
import { ModalDialog } from '../a11y/ModalDialog';
import { downloadBlob } from './download';
import { clipType, recordClip } from './recordClip';
import { texts } from './texts';

const CLIP_SPEEDS = [0.25, 0.5, 1, 2, 4];

export function ClipDialog({ onClose }: { onClose: () => void }) {
  const replay = useSession((s) => s.replay);
  const ply = useSession((s) => s.snapshot.state.moves.length);
  const total = replay ? replay.lines[replay.line].length : 0;
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(total);
  const [speed, setSpeed] = useState(1);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(() => (clipType() ? null : texts.clipUnsupported));
  const abort = useRef<AbortController | null>(null);
  if (!replay) return null;
  const range = from < to && to <= total;
  const record = async () => {
    const canvas = document.querySelector('canvas');
    if (!canvas) return setError(texts.clipNoCanvas);
    abort.current = new AbortController();
    setProgress({ done: 0, total: to - from });
    try {
      const blob = await recordClip(canvas, { line: replay.line, from, to, speed, signal: abort.current.signal, onProgress: (done, all) => setProgress({ done, total: all }) });
      if (blob) {
        downloadBlob(`rolit-moves-${from + 1}-${to}.webm`, blob);
        onClose();
      } else setProgress(null);
    } catch (e) {
      setError((e as Error).message);
      setProgress(null);
    }
  };
  const number = (value: string, fallback: number) => (Number.isInteger(Number(value)) ? Number(value) : fallback);
  return (
    // Not pausing: the replay plays while the clip is recorded. No closing while it records (Cancel stops it).
    <ModalDialog
      title={texts.clipHeading}
      onClose={progress ? null : onClose}
      pauses={false}
      overlayClassName="clip-overlay"
      actions={
        progress && (
          <button className="btn" onClick={() => abort.current?.abort()}>
            {texts.cancel}
          </button>
        )
      }
      primary={
        !progress && (
          <button className="btn primary" disabled={!range || error !== null} onClick={record}>
            {texts.clipRecord}
          </button>
        )
      }
    >
      <div className="row">
        <label>
          {texts.clipFrom} <input type="number" min={0} max={total} value={from} disabled={!!progress} onChange={(e) => setFrom(number(e.target.value, from))} />
        </label>
        <label>
          {texts.clipTo} <input type="number" min={1} max={total} value={to} disabled={!!progress} onChange={(e) => setTo(number(e.target.value, to))} />
        </label>
        <label>
          {texts.clipSpeed}{' '}
          <select value={speed} disabled={!!progress} onChange={(e) => setSpeed(Number(e.target.value))} aria-label={texts.clipSpeedLabel}>
            {CLIP_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="note">{texts.clipNote(ply)}</p>
      {!range && <div className="error">{texts.clipRange(total)}</div>}
      {progress && (
        <label className="stack">
          <span>{texts.clipProgress(progress.done, progress.total)}</span>
          <progress max={progress.total} value={progress.done} data-testid="clip-progress" />
        </label>
      )}
      {error && <div className="error">{error}</div>}
    </ModalDialog>
  );
}
