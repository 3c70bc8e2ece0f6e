/** The new-game dialog: players (human or computer with a level), board size and the rules.md options. */
import { useRef, useState, type FormEvent } from 'react';
import { type BoardSize, roundSetup, seedProblem, setupProblem, type Variant } from '../engine/index';
import { useSession } from '../app/pageSession';
import { computerName, type NewGameOptions, type PlayerSpec, TIME_LIMITS } from '../app/settings';
import { useDialogFocus } from './a11y/useDialogFocus';
import { Swatches } from './Hud';
import { levelLabel } from './levelTexts';

export interface NewGameDialogProps {
  levels: readonly string[];
  defaultLevel: string;
  onClose: () => void;
}

/** The engine's reason as a sentence for the dialog. */
function sentence(reason: string): string {
  return `${reason[0].toUpperCase()}${reason.slice(1)}.`;
}

/** Props of a choice the engine refuses (disabled, the reason as its tooltip), or none. */
function refusal(reason: string | null): { disabled?: true; title?: string } {
  return reason ? { disabled: true, title: sentence(reason) } : {};
}

export function NewGameDialog({ levels, defaultLevel, onClose }: NewGameDialogProps) {
  const newGame = useSession((s) => s.newGame);
  // The dialog starts from the game on the table: "new game" = the same again unless changed.
  const current = useSession((s) => s.players);
  const setup = useSession((s) => s.snapshot.setup);
  // Four editable seats; the first `count` take part.
  const [seats, setSeats] = useState<PlayerSpec[]>(() =>
    Array.from({ length: 4 }, (_, i) => current[i] ?? { kind: 'computer', level: defaultLevel, name: computerName(defaultLevel, i) }),
  );
  const [count, setCount] = useState(current.length);
  const [size, setSize] = useState<BoardSize>(setup.size);
  const [variant, setVariant] = useState<Variant>(setup.variant);
  const [misere, setMisere] = useState(setup.misere);
  const [moveTimeLimit, setMoveTimeLimit] = useState(setup.moveTimeLimit);
  const [takeBacks, setTakeBacks] = useState(setup.takeBacks);
  const [seedText, setSeedText] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onClose);

  // The engine's setup check decides what the dialog allows: each choice is asked with the others as they are.
  // Each choice is disabled exactly when the engine refuses it, with its reason as the tooltip.
  const refuses = (choice: { size?: BoardSize; variant?: Variant; players?: number }) => setupProblem({ size, variant, players: count, ...choice });
  const setupReason = refuses({});
  const seed = seedText.trim();
  const seedReason = seed === '' ? null : seedProblem(/^\d+$/.test(seed) ? Number(seed) : NaN);
  const namesOk = seats.slice(0, count).every((s) => s.name.trim() !== '');
  // The seats' colours as the engine seats them (seed 0: the seating does not depend on it).
  const colours = setupReason ? [] : roundSetup({ size, variant, players: count, seed: 0 }).players;

  const setSeat = (i: number, change: Partial<PlayerSpec>) =>
    setSeats((all) =>
      all.map((s, j) => {
        if (j !== i) return s;
        const next = { ...s, ...change };
        // A computer keeps a level; its default name follows the level.
        if (next.kind === 'computer') {
          next.level ??= defaultLevel;
          if (change.kind || (change.level && s.name === computerName(s.level ?? defaultLevel, i))) next.name = computerName(next.level, i);
        } else if (change.kind) {
          delete next.level;
          next.name = i === 0 ? 'You' : `Player ${i + 1}`;
        }
        return next;
      }),
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (setupReason || seedReason || !namesOk) return;
    const options: NewGameOptions = {
      players: seats.slice(0, count).map((s) => (s.kind === 'human' ? { kind: 'human', name: s.name.trim() } : { kind: 'computer', level: s.level!, name: s.name.trim() })),
      size,
      variant,
      misere,
      moveTimeLimit,
      takeBacks,
      seed: seed === '' ? undefined : Number(seed),
    };
    newGame(options);
    onClose();
  };

  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="new-game-title" ref={dialog}>
      <form className="card dialog" onSubmit={submit}>
        <h2 id="new-game-title">New game</h2>
        <fieldset>
          <legend>Players</legend>
          <div className="row" role="radiogroup" aria-label="Number of players">
            {[1, 2, 3, 4].map((n) => (
              <button type="button" key={n} className={`btn${count === n ? ' on' : ''}`} aria-pressed={count === n} onClick={() => setCount(n)} {...refusal(refuses({ players: n }))}>
                {n === 1 ? '1 (solo)' : n}
              </button>
            ))}
          </div>
          {seats.slice(0, count).map((seat, i) => (
            <div className="seat-row" key={i}>
              <Swatches colours={colours[i] ?? []} />
              <input type="text" aria-label={`Seat ${i + 1} name`} value={seat.name} maxLength={40} onChange={(e) => setSeat(i, { name: e.target.value })} />
              <select aria-label={`Seat ${i + 1} player`} value={seat.kind} onChange={(e) => setSeat(i, { kind: e.target.value as PlayerSpec['kind'] })}>
                <option value="human">Human</option>
                <option value="computer">Computer</option>
              </select>
              {seat.kind === 'computer' ? (
                <select aria-label={`Seat ${i + 1} level`} value={seat.level} onChange={(e) => setSeat(i, { level: e.target.value })}>
                  {levels.map((l) => (
                    <option key={l} value={l}>
                      {levelLabel(l)}
                    </option>
                  ))}
                </select>
              ) : (
                <span />
              )}
            </div>
          ))}
          {!namesOk && <div className="error">Every player needs a name.</div>}
        </fieldset>
        <fieldset>
          <legend>Board</legend>
          <div className="row">
            {([8, 6, 4] as const).map((n) => (
              <button type="button" key={n} className={`btn${size === n ? ' on' : ''}`} aria-pressed={size === n} onClick={() => setSize(n)} {...refusal(refuses({ size: n }))}>
                {n}×{n}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Rules</legend>
          <div className="row">
            <label>
              <input type="radio" name="variant" checked={variant === 'standard'} {...refusal(refuses({ variant: 'standard' }))} onChange={() => setVariant('standard')} /> Standard
            </label>
            <label title="With no capturing move, two balls may enclose a line between them">
              <input type="radio" name="variant" checked={variant === 'pro'} {...refusal(refuses({ variant: 'pro' }))} onChange={() => setVariant('pro')} /> Pro
            </label>
            <label title="Two players: red + green against yellow + blue">
              <input type="radio" name="variant" checked={variant === 'team'} {...refusal(refuses({ variant: 'team' }))} onChange={() => setVariant('team')} /> Team (2 players)
            </label>
          </div>
          {setupReason && <div className="error">{sentence(setupReason)}</div>}
          <div className="row">
            <label>
              <input type="checkbox" checked={misere} onChange={(e) => setMisere(e.target.checked)} /> Misère (fewest balls wins)
            </label>
          </div>
          <div className="row">
            <label>
              <input type="checkbox" checked={takeBacks} onChange={(e) => setTakeBacks(e.target.checked)} /> Take-backs (off: strict play)
            </label>
          </div>
          <div className="row">
            <label>
              Time per move{' '}
              <select value={moveTimeLimit} onChange={(e) => setMoveTimeLimit(Number(e.target.value))}>
                {TIME_LIMITS.map((t) => (
                  <option key={t} value={t}>
                    {t === 0 ? 'no limit' : `${t} s`}
                  </option>
                ))}
              </select>
            </label>
            {moveTimeLimit > 0 && <span className="note">When time runs out, the move that rolls the {misere ? 'fewest' : 'most'} balls is played.</span>}
          </div>
        </fieldset>
        <fieldset>
          <legend>Seed (optional)</legend>
          <div className="row">
            <input type="text" inputMode="numeric" aria-label="Seed" placeholder="random" value={seedText} onChange={(e) => setSeedText(e.target.value)} />
            <span className="note">The same seed replays the same throws.</span>
          </div>
          {seedReason && <div className="error">{sentence(seedReason)}</div>}
        </fieldset>
        <div className="actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn primary" disabled={setupReason !== null || seedReason !== null || !namesOk}>
            Start
          </button>
        </div>
      </form>
    </div>
  );
}
