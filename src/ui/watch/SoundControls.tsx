/** Volume and mute for the game's sounds, in the toolbar. */
import { setSound, useSound } from '../../audio/sound';
import { watchTexts as t } from './texts';

export function SoundControls() {
  const muted = useSound((s) => s.muted);
  const volume = useSound((s) => s.volume);
  return (
    <span className="group sound-controls">
      <button className={`btn${muted ? '' : ' on'}`} aria-pressed={!muted} onClick={() => setSound({ muted: !muted })} title={muted ? t.unmuteTip : t.muteTip}>
        {muted ? t.soundOff : t.soundOn}
      </button>
      <input type="range" min={0} max={100} step={5} value={Math.round(volume * 100)} aria-label={t.volume} title={t.volume} onChange={(e) => setSound({ volume: Number(e.target.value) / 100, muted: false })} />
    </span>
  );
}
