/**
 * Sentences about the person at the screen say "you" in every language (i18next context), colour
 * adjectives agree with "ball(s)" where the language inflects them, and with reduced motion the
 * start throw's caption does not say a ball rolls.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, t, type Language } from '../../src/i18n/index';
import { personContext } from '../../src/i18n/playerNames';
import { a11yTexts } from '../../src/ui/a11y/texts';
import { roundCaptions } from '../../src/app/watch/captions';
import { captionOf } from '../../src/app/session/shownRound';
import { Game } from '../../src/engine/index';

afterEach(() => setLanguage('en'));

const LANGUAGES: Language[] = ['en', 'fr', 'de', 'nl', 'it'];
/** The default "you" of each language as the name is stored (a seat named in another language stays "you"). */
const YOU = ['You', 'Vous', 'Du', 'Jij', 'Tu'];

describe('"you" agrees', () => {
  it('the turn, the win and the camera view address the person, whatever language the name was stored in', () => {
    const expected: Record<Language, [string, string, string]> = {
      en: ['Your turn (red)', 'Round over. You win. ', 'View from your side (red)'],
      fr: ['À vous de jouer (rouge)', 'Manche terminée. Vous gagnez. ', 'Vue de votre côté (rouge)'],
      de: ['Du bist am Zug (rot)', 'Runde vorbei. Du gewinnst. ', 'Blick von deiner Seite (rot)'],
      nl: ['Jij bent aan zet (rood)', 'Ronde voorbij. Jij wint. ', 'Zicht vanaf jouw kant (rood)'],
      it: ['Tocca a te (rosso)', 'Manche finita. Hai vinto. ', 'Vista dal tuo lato (rosso)'],
    };
    for (const language of LANGUAGES) {
      setLanguage(language);
      for (const stored of YOU) {
        const context = personContext(stored);
        expect(context, `${stored} in ${language}`).toBe('you');
        const colour = t('messages:colourLower.red');
        expect([t('hud:toMove', { context, colour }), a11yTexts.roundOver([stored], ''), t('hud:viewFrom', { context, colour, name: stored })]).toEqual(expected[language]);
      }
    }
  });

  it('another player is named in the third person', () => {
    setLanguage('fr');
    expect(personContext('Joueur 2')).toBeUndefined();
    expect(a11yTexts.roundOver(['Player 2'], '')).toBe('Manche terminée. Joueur 2 gagne. ');
    expect(t('hud:viewFrom', { context: personContext('Anne'), name: 'Anne', colour: 'vert' })).toBe('Vue du côté de Anne (vert)');
  });
});

describe('colour adjectives agree with the ball', () => {
  /** A round in which some move rolls the last ball of a colour. */
  function lastBallCaption(): { text: string; colour: string } {
    for (let seed = 0; seed < 200; seed++) {
      const game = new Game({ players: 4, seed });
      while (!game.state.over) {
        const counts = { ...game.state.board };
        game.play(game.legalMoves()[0]);
        const captions = roundCaptions(game.events).moves;
        const text = captions.at(-1)!.text;
        const before = new Set(Object.values(counts));
        const after = new Set(Object.values(game.state.board));
        const gone = [...before].find((c) => !after.has(c));
        if (gone) return { text, colour: gone };
      }
    }
    throw new Error('no round wipes out a colour');
  }

  it('French, Italian, German and Dutch captions and readings use the feminine forms', () => {
    const { colour } = lastBallCaption();
    const fr = { red: 'rouge', yellow: 'jaune', green: 'verte', blue: 'bleue' }[colour];
    const it = { red: 'rossa', yellow: 'gialla', green: 'verde', blue: 'blu' }[colour];
    setLanguage('fr');
    expect(lastBallCaption().text).toContain(`dernière boule ${fr}`);
    expect(a11yTexts.readBalls('green')).toBe('Où sont les boules vertes');
    expect(a11yTexts.ballsOf('blue', ['d4'])).toBe('Boules bleues : d4.');
    setLanguage('it');
    expect(lastBallCaption().text).toContain(`l’ultima pallina ${it}`);
    expect(a11yTexts.readBalls('red')).toBe('Dove sono le palline rosse');
    setLanguage('de');
    expect(a11yTexts.readBalls('red')).toBe('Wo liegen die roten Kugeln');
    expect(lastBallCaption().text).toContain(`die letzte ${{ red: 'rote', yellow: 'gelbe', green: 'grüne', blue: 'blaue' }[colour]} Kugel`);
    setLanguage('nl');
    expect(a11yTexts.ballsOf('blue', ['d4'])).toBe('De blauwe ballen: d4.');
    setLanguage('en');
    expect(a11yTexts.readBalls('red')).toBe('Where are the red balls');
  });
});

describe('reduced motion', () => {
  it('the start throw caption does not say the ball rolls when it does not move', () => {
    for (const language of LANGUAGES) {
      setLanguage(language);
      expect(captionOf({ kind: 'rolling' }, true)).not.toBe(captionOf({ kind: 'rolling' }, false));
    }
    setLanguage('en');
    expect(captionOf({ kind: 'rolling' }, true)).not.toMatch(/roll/i);
  });
});
