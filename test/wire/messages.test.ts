/**
 * The wire's client messages: each type's payload checked by its schema (parseMessage, what the
 * room runs before its handler), and typed for senders (PayloadArgs: a wrong payload does not compile).
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPES, type MessageType, parseMessage, type PayloadArgs } from '../../src/wire/contract';

/** A sender typed as the page's `send`. */
function send<K extends MessageType>(type: K, ...payload: PayloadArgs<K>): [K, unknown] {
  return [type, payload[0]];
}

describe('client messages', () => {
  it('takes each type’s payload and gives the handler the checked message', () => {
    expect(parseMessage('play', { move: 'd3' })).toEqual({ ok: true, message: { move: 'd3' } });
    expect(parseMessage('fill', { colour: 'green', level: 'master' })).toEqual({ ok: true, message: { colour: 'green', level: 'master' } });
    expect(parseMessage('emote', { emote: 'oops' })).toEqual({ ok: true, message: { emote: 'oops' } });
    for (const type of ['start', 'rematch', 'resign'] as const) for (const empty of [undefined, null, {}]) expect(parseMessage(type, empty).ok, `${type} ${JSON.stringify(empty)}`).toBe(true);
    expect(MESSAGE_TYPES).toEqual(['start', 'play', 'fill', 'rematch', 'emote', 'resign']);
  });

  it('refuses a payload of another shape, saying where and what', () => {
    const problem = (type: MessageType, payload: unknown) => {
      const parsed = parseMessage(type, payload);
      if (parsed.ok) throw new Error(`${type} ${JSON.stringify(payload)} was taken`);
      return parsed.problem;
    };
    expect(problem('play', { move: 42 })).toMatch(/^move: /);
    expect(problem('play', undefined)).toMatch(/^message: /);
    expect(problem('play', { move: 'd3', colour: 'red' })).toMatch(/colour/);
    expect(problem('fill', { colour: 'green', level: 'grandmaster' })).toMatch(/^level: /);
    expect(problem('emote', { emote: 'free text' })).toMatch(/^emote: /);
    expect(problem('start', { now: true })).toMatch(/now/);
  });

  it('types each payload for its sender', () => {
    expect(send('play', { move: 'd3' })).toEqual(['play', { move: 'd3' }]);
    expect(send('start')).toEqual(['start', undefined]);
    expect(send('fill', { colour: 'blue', level: 'beginner' })[1]).toEqual({ colour: 'blue', level: 'beginner' });
    // Each of these is a compile error: `npx tsc --noEmit` fails if one compiles.
    // @ts-expect-error a move is text
    send('play', { move: 42 });
    // @ts-expect-error play needs its move
    send('play');
    // @ts-expect-error the square is the move's, not a field of play
    send('play', { square: 'd3' });
    // @ts-expect-error no such level
    send('fill', { colour: 'blue', level: 'grandmaster' });
    // @ts-expect-error emotes are the five reactions, no free text
    send('emote', { emote: 'hi there' });
    // @ts-expect-error no such message
    send('teleport', {});
  });
});
