/** Default player names follow the page's language; names the players typed stay as they are. */
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/i18n/index';
import { computerName, playerName } from '../../src/i18n/playerNames';

afterEach(() => setLanguage('en'));

describe('player names', () => {
  it('default names made in French are shown in English, German, Dutch and Italian', () => {
    setLanguage('fr');
    const made = ['Vous', 'Joueur 2', computerName('beginner', 1), computerName('master', 3)];
    expect(made).toEqual(['Vous', 'Joueur 2', 'Débutant 2', 'Maître 4']);
    setLanguage('en');
    expect(made.map(playerName)).toEqual(['You', 'Player 2', 'Beginner 2', 'Master 4']);
    setLanguage('de');
    expect(made.map(playerName)).toEqual(['Du', 'Spieler 2', computerName('beginner', 1), computerName('master', 3)]);
    setLanguage('nl');
    expect(playerName('You')).toBe('Jij');
    setLanguage('it');
    expect(playerName('Player 3')).toBe('Giocatore 3');
    expect(playerName('Beginner 2')).toBe(computerName('beginner', 1));
  });

  it('a default name in the current language stays the same', () => {
    for (const language of ['en', 'fr', 'de', 'nl', 'it'] as const) {
      setLanguage(language);
      for (const name of [computerName('tactician', 0), computerName('strategist', 2)]) expect(playerName(name)).toBe(name);
    }
  });

  it('custom names stay, even when they look almost like a default', () => {
    setLanguage('fr');
    for (const name of ['Ann', 'Player', 'Player 5', 'Player 12', 'You!', 'you', 'Beginner', 'Master 2b', '']) expect(playerName(name)).toBe(name);
  });
});
