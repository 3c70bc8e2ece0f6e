/** The new-game dialog: players (human or computer with a level), board size and the rules.md options. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { type BoardSize, type MatchOptions, type PlayerSpec, roundSetup, type RuleError, setupRefusal, type Variant } from '../engine/index';
import { useSession } from '../app/page/pageSession';
import { computerName, TIME_LIMITS } from '../app/setup/settings';
import { useDialogFocus } from './a11y/useDialogFocus';
import { Swatches } from './hud/Swatches';
import { ruleSentence } from '../i18n/engineReasons';
import { t } from '../i18n/index';
import { ratedLevelLabel, ratingNote } from './levelRating';
import { levelStrength } from './levelTexts';
import { playerName } from '../i18n/playerNames';
import { MAX_NAME } from '../wire/contractCodes';
import type { Level } from '../ai/index';
import { onlineName, useOnline } from '../app/online/pageOnline';
import { pageStorage } from '../app/page/pageStorage';
import { PlayOnlineButton } from './online/PlayOnlineButton';

export interface NewGameDialogProps {
  levels: readonly string[];
  defaultLevel: string;
  /** Opened to set up an online table (Play online's "Set up a table…"): named so, its online part in view, no way back to Play online or to a local game. */
  online?: boolean;
  onClose: () => void;
}

/** Props of a choice the engine refuses (disabled, the reason as its tooltip), or none. */
function refusal(reason: RuleError | null): { disabled?: true; title?: string } {
  return reason ? { disabled: true, title: ruleSentence(reason) } : {};
}

export function NewGameDialog({ levels, defaultLevel, online = false, onClose }: NewGameDialogProps) {
  const newGame = useSession((s) => s.newGame);
  // The dialog starts from the game on the table: "new game" = the same again unless changed.
  const current = useSession((s) => s.players);
  const setup = useSession((s) => s.snapshot.setup);
  // Four editable seats; the first `count` take part.
  const [seats, setSeats] = useState<PlayerSpec[]>(() =>
    Array.from({ length: 4 }, (_, i) => (current[i] ? { ...current[i], name: playerName(current[i].name) } : { kind: 'computer', level: defaultLevel, name: computerName(defaultLevel, i) })),
  );
  const [count, setCount] = useState(current.length);
  const [size, setSize] = useState<BoardSize>(setup.size);
  const [variant, setVariant] = useState<Variant>(setup.variant);
  const [misere, setMisere] = useState(setup.misere);
  const [moveTimeLimit, setMoveTimeLimit] = useState(setup.moveTimeLimit);
  const [takeBacks, setTakeBacks] = useState(setup.takeBacks);
  const [seedText, setSeedText] = useState('');
  const [help, setHelp] = useState(false);
  // An online table is private (reached by its link or code) unless listed under Open tables.
  const [listed, setListed] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const onlinePart = useRef<HTMLFieldSetElement>(null);
  useDialogFocus(dialog, onClose);
  useEffect(() => {
    if (online) onlinePart.current?.scrollIntoView({ block: 'nearest' });
  }, [online]);

  // The engine's setup check decides what the dialog allows: each choice is asked with the others as they are.
  // Each choice is disabled exactly when the engine refuses it, with its reason as the tooltip.
  const refuses = (choice: { size?: BoardSize; variant?: Variant; players?: number }) => setupRefusal({ size, variant, players: count, ...choice });
  const setupReason = refuses({});
  const seed = seedText.trim();
  // The seed alone against the default setup: only its own reason can come back.
  const seedReason = seed === '' ? null : setupRefusal({ seed: /^\d+$/.test(seed) ? Number(seed) : NaN });
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
          next.name = i === 0 ? t('dialogs:you') : t('dialogs:playerN', { n: i + 1 });
        }
        return next;
      }),
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (online) return playOnline();
    if (setupReason || seedReason || !namesOk) return;
    const options: MatchOptions = {
      players: seats.slice(0, count).map((s) => (s.kind === 'human' ? { kind: 'human', name: s.name.trim() } : { kind: 'computer', level: s.level!, name: s.name.trim() })),
      size,
      variant,
      misere,
      moveTimeLimit,
      takeBacks,
      seed: seed === '' ? undefined : Number(seed),
    };
    // A local game leaves the online room this page is in.
    if (useOnline.getState().status !== 'idle') void useOnline.getState().leave();
    newGame(options);
    onClose();
  };

  /** The seats above as an online room's: this player in the first human seat, the other human seats free for friends. */
  const playOnline = () => {
    if (setupReason || !namesOk) return;
    const chosen = seats.slice(0, count);
    const me = chosen.findIndex((s) => s.kind === 'human');
    // A default name (You, Player 2) says nothing to the others: the name last used online instead.
    const defaultNames = [t('dialogs:you'), t('dialogs:playerN', { n: me + 1 })];
    const typed = me >= 0 && !defaultNames.includes(playerName(chosen[me].name.trim())) ? chosen[me].name.trim() : '';
    const name = typed && Array.from(typed).length <= MAX_NAME ? typed : onlineName(pageStorage());
    void useOnline.getState().create({
      name,
      ...(me >= 0 ? { colour: colours[me][0] } : { spectator: true }),
      size,
      colours: count === 1 || variant === 'team' ? undefined : colours.map((cs) => cs[0]),
      variant,
      misere,
      timeLimit: moveTimeLimit,
      seats: chosen.map((s) => (s.kind === 'human' ? { kind: 'human' } : { kind: 'computer', level: s.level as Level })),
      standIn: defaultLevel as Level,
      help,
      listed,
    });
    onClose();
  };

  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="new-game-title" ref={dialog}>
      <form className="card dialog" onSubmit={submit}>
        <h2 id="new-game-title">{online ? t('lobby:create.title') : t('dialogs:newGame')}</h2>
        {!online && (
          <p className="start-online">
            {t('lobby:startHint')} <PlayOnlineButton before={onClose} />
          </p>
        )}
        <fieldset>
          <legend>{t('dialogs:players')}</legend>
          <div className="row" role="radiogroup" aria-label={t('dialogs:playerCount')}>
            {[1, 2, 3, 4].map((n) => (
              <button type="button" key={n} className={`btn${count === n ? ' on' : ''}`} aria-pressed={count === n} onClick={() => setCount(n)} {...refusal(refuses({ players: n }))}>
                {n === 1 ? t('dialogs:solo') : n}
              </button>
            ))}
          </div>
          {seats.slice(0, count).map((seat, i) => (
            <div className="seat-row" key={i}>
              <Swatches colours={colours[i] ?? []} />
              <input type="text" aria-label={t('dialogs:seatName', { n: i + 1 })} value={seat.name} maxLength={40} onChange={(e) => setSeat(i, { name: e.target.value })} />
              <select aria-label={t('dialogs:seatPlayer', { n: i + 1 })} value={seat.kind} onChange={(e) => setSeat(i, { kind: e.target.value as PlayerSpec['kind'] })}>
                <option value="human">{t('dialogs:human')}</option>
                <option value="computer">{t('dialogs:computer')}</option>
              </select>
              {seat.kind === 'computer' ? (
                <select aria-label={t('dialogs:seatLevel', { n: i + 1 })} aria-describedby={`seat-${i}-strength`} value={seat.level} onChange={(e) => setSeat(i, { level: e.target.value })}>
                  {levels.map((l) => (
                    <option key={l} value={l}>
                      {ratedLevelLabel(l)}
                    </option>
                  ))}
                </select>
              ) : (
                <span />
              )}
              {seat.kind === 'computer' && (
                <div className="note level-strength" id={`seat-${i}-strength`}>
                  {levelStrength(seat.level ?? defaultLevel)}
                </div>
              )}
            </div>
          ))}
          {seats.slice(0, count).some((s) => s.kind === 'computer') && <div className="note rating-note">{ratingNote()}</div>}
          {!namesOk && <div className="error">{t('dialogs:needName')}</div>}
        </fieldset>
        <fieldset>
          <legend>{t('dialogs:board')}</legend>
          <div className="row">
            {([8, 6, 4] as const).map((n) => (
              <button type="button" key={n} className={`btn${size === n ? ' on' : ''}`} aria-pressed={size === n} onClick={() => setSize(n)} {...refusal(refuses({ size: n }))}>
                {n}×{n}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('dialogs:rules')}</legend>
          <div className="row">
            <label>
              <input type="radio" name="variant" checked={variant === 'standard'} {...refusal(refuses({ variant: 'standard' }))} onChange={() => setVariant('standard')} /> {t('dialogs:variant.standard')}
            </label>
            <label title={t('dialogs:proTitle')}>
              <input type="radio" name="variant" checked={variant === 'pro'} {...refusal(refuses({ variant: 'pro' }))} onChange={() => setVariant('pro')} /> {t('dialogs:variant.pro')}
            </label>
            <label title={t('dialogs:teamTitle')}>
              <input type="radio" name="variant" checked={variant === 'team'} {...refusal(refuses({ variant: 'team' }))} onChange={() => setVariant('team')} /> {t('dialogs:teamLabel')}
            </label>
          </div>
          {setupReason && <div className="error">{ruleSentence(setupReason)}</div>}
          <div className="row">
            <label>
              <input type="checkbox" checked={misere} onChange={(e) => setMisere(e.target.checked)} /> {t('dialogs:misere')}
            </label>
          </div>
          <div className="row">
            <label>
              <input type="checkbox" checked={takeBacks} onChange={(e) => setTakeBacks(e.target.checked)} /> {t('dialogs:takeBacks')}
            </label>
          </div>
          <div className="row">
            <label>
              {t('dialogs:timePerMove')}{' '}
              <select value={moveTimeLimit} onChange={(e) => setMoveTimeLimit(Number(e.target.value))}>
                {TIME_LIMITS.map((limit) => (
                  <option key={limit} value={limit}>
                    {limit === 0 ? t('dialogs:noLimit') : t('dialogs:seconds', { count: limit })}
                  </option>
                ))}
              </select>
            </label>
            {moveTimeLimit > 0 && <span className="note">{t(misere ? 'dialogs:timeoutFewest' : 'dialogs:timeoutMost')}</span>}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('dialogs:seed')}</legend>
          <div className="row">
            <input type="text" inputMode="numeric" aria-label={t('dialogs:seedLabel')} placeholder={t('dialogs:seedRandom')} value={seedText} onChange={(e) => setSeedText(e.target.value)} />
            <span className="note">{t('dialogs:seedNote')}</span>
          </div>
          {seedReason && <div className="error">{ruleSentence(seedReason)}</div>}
        </fieldset>
        <fieldset data-testid="play-online" ref={onlinePart}>
          <legend>{t('lobby:create.title')}</legend>
          <p className="note">{t('online:playOnlineNote')}</p>
          <div className="row">
            <label>
              <input type="checkbox" checked={help} onChange={(e) => setHelp(e.target.checked)} /> {t('online:allowHelp')}
            </label>
          </div>
          <div className="row" role="radiogroup" aria-label={t('lobby:create.visibility')}>
            <label>
              <input type="radio" name="listed" checked={!listed} onChange={() => setListed(false)} /> {t('lobby:create.private')}
            </label>
            <label>
              <input type="radio" name="listed" checked={listed} onChange={() => setListed(true)} /> {t('lobby:create.public')}
            </label>
          </div>
          {!online && (
            <div className="row">
              <button type="button" className="btn" disabled={setupReason !== null || !namesOk} onClick={playOnline} data-testid="create-room">
                {t('online:createRoom')}
              </button>
            </div>
          )}
        </fieldset>
        <div className="actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('dialogs:cancel')}
          </button>
          {online ? (
            <button type="submit" className="btn primary" disabled={setupReason !== null || !namesOk} data-testid="create-room">
              {t('online:createRoom')}
            </button>
          ) : (
            <button type="submit" className="btn primary" disabled={setupReason !== null || seedReason !== null || !namesOk}>
              {t('dialogs:start')}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
