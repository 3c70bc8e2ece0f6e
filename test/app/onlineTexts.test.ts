/** The server's refusals in the page's five languages: by their codes, never in the server's English words. */
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, JOIN_CODES } from '../../src/wire/contract';
import { failureOf, lostConnection } from '../../src/app/online/onlineRoom';
import { onlineTexts } from '../../src/app/online/onlineTexts';
import { sessionTexts } from '../../src/app/session/sessionTexts';
import { Game, type RuleError } from '../../src/engine/index';
import { LANGUAGES, type Language, setLanguage } from '../../src/i18n/index';

const languages = Object.keys(LANGUAGES) as Language[];
afterAll(() => setLanguage('en'));

/** A server's refusal of a join, as @colyseus/sdk throws it (code 526, "<code>: <English>"). */
const joinError = (code: string, english: string) => Object.assign(new Error(`${code}: ${english}`), { code: 526 });

/** Every text of `texts` in `language`, by code. */
function worded(language: Language, texts: (code: string) => string, codes: readonly string[]): Map<string, string> {
  setLanguage(language);
  return new Map(codes.map((code) => [code, texts(code)]));
}

describe('refusals in the page’s language', () => {
  it('words every refused message by its code, in every language, and an unknown code generically', () => {
    const english = worded('en', (code) => onlineTexts.refusal({ code: code as never }), [...ERROR_CODES, 'somethingNew']);
    for (const language of languages) {
      const texts = worded(language, (code) => onlineTexts.refusal({ code: code as never }), [...ERROR_CODES, 'somethingNew', 'emote', '']);
      for (const [code, text] of texts) {
        expect(text, `${language} ${code}`).toMatch(/^\p{Lu}.*[.!…]$/u);
        expect(text, `${language} ${code}`).not.toMatch(/online:|refused\./);
        if (language !== 'en' && english.has(code)) expect(text, `${language} ${code}`).not.toBe(english.get(code));
      }
      // A code the page does not know (a newer server's): the generic sentence, not the key or the server's text.
      expect(texts.get('somethingNew')).toBe(texts.get('emote'));
      expect(texts.get('somethingNew')).toBe(texts.get(''));
      expect(new Set(ERROR_CODES.map((c) => texts.get(c))).has(texts.get('somethingNew'))).toBe(false);
    }
  });

  it('words an illegal move by the engine’s reason and params, exactly as the same move is worded in local play', () => {
    // One refusal of each kind the engine gives on squares of a fresh round.
    const game = new Game({ size: 8, players: 4, seed: 1 });
    const refusals = new Map<string, RuleError>();
    for (const square of ['d4', 'a1', 'z9', ...'abcdefgh'.split('').flatMap((f) => [3, 6].map((r) => `${f}${r}`))]) {
      const check = game.check(square);
      if (!check.ok && !refusals.has(check.refusal.code)) refusals.set(check.refusal.code, check.refusal);
    }
    expect([...refusals.keys()]).toEqual(expect.arrayContaining(['occupied', 'touchesNoBall', 'notASquare', 'mustCapture']));
    for (const language of languages) {
      setLanguage(language);
      for (const refusal of refusals.values()) {
        // As the wire carries it: the engine's code and params, through JSON.
        const error = JSON.parse(JSON.stringify({ code: 'illegalMove', text: refusal.message, reason: refusal.code, params: refusal.params }));
        expect(onlineTexts.refusal(error), `${language} ${refusal.code}`).toBe(sessionTexts.refusal(refusal));
      }
      expect(onlineTexts.refusal({ code: 'illegalMove', text: 'd4 is occupied', reason: 'occupied', params: { square: 'd4' } })).toContain('d4');
      // A reason the page does not know, or params of another shape: the generic sentence.
      const generic = onlineTexts.refusal({ code: 'illegalMove' });
      expect(onlineTexts.refusal({ code: 'illegalMove', text: 'x', reason: 'newRule' as never, params: {} })).toBe(generic);
      expect(onlineTexts.refusal({ code: 'illegalMove', text: 'x', reason: 'occupied', params: { square: { at: 'd4' } } as never })).toBe(generic);
      // A reason on another code is not the engine's refusal.
      expect(onlineTexts.refusal({ code: 'notYourTurn', text: 'x', reason: 'occupied', params: { square: 'd4' } })).toBe(onlineTexts.refusal({ code: 'notYourTurn' }));
    }
  });

  it('words a refused create or join by its code and shows the server’s English only to English pages', () => {
    const detail = 'the seat of green is taken by a person';
    for (const language of languages) {
      setLanguage(language);
      const seen = new Set<string>();
      for (const code of JOIN_CODES) {
        const failure = failureOf(joinError(code, detail));
        expect(failure.code).toBe(code);
        const text = onlineTexts.failure(failure, 'http://example.org:2567');
        expect(text, `${language} ${code}`).not.toMatch(/online:|joinRefused|the seat of/);
        seen.add(text);
        expect(onlineTexts.failureDetail(failure)).toBe(language === 'en' ? `Details: ${failure.detail}` : null);
      }
      // Each code its own sentence.
      expect(seen.size).toBe(JOIN_CODES.length);
      // A code the page does not know: the generic "refused" sentence of the failure's kind.
      const unknown = failureOf(joinError('somethingNew', detail));
      expect(unknown).toMatchObject({ kind: 'refused', code: null });
      expect(onlineTexts.failure(unknown, '')).toBe(onlineTexts.failure({ kind: 'refused', code: null }, ''));
      expect(seen.has(onlineTexts.failure(unknown, ''))).toBe(false);
    }
  });

  it('a lost connection shows no raw close code: its reason’s words only, or no details at all', () => {
    setLanguage('en');
    expect(onlineTexts.failureDetail(lostConnection())).toBeNull();
    expect(onlineTexts.failureDetail(lostConnection('the server went away'))).toBe('Details: the server went away');
  });

  it('sorts failures into kinds: a taken seat, a started match, an unknown room, a server down', () => {
    expect(failureOf(joinError('colourTaken', 'green is taken')).kind).toBe('seatTaken');
    expect(failureOf(joinError('computerSeat', 'green is played by a computer')).kind).toBe('seatTaken');
    expect(failureOf(joinError('started', 'the match has started')).kind).toBe('started');
    expect(failureOf(joinError('badSetup', 'three colours on 4x4')).kind).toBe('refused');
    expect(failureOf(Object.assign(new Error('room "x" not found'), { code: 522 }))).toMatchObject({ kind: 'unknownRoom', code: null });
    expect(failureOf(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'serverDown', code: null });
    setLanguage('fr');
    expect(onlineTexts.failure({ kind: 'serverDown', code: null }, 'http://h:1')).toContain('http://h:1');
  });
});
