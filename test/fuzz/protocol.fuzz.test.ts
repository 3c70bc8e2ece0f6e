/**
 * Fuzzing the engine protocol through the in-process CLI (`rolit engine`): any line, well formed
 * or not, gets its answer or one `error <reason>` line, and the engine goes on (a `hello` after
 * the fuzzed lines is still answered). Fixed seed: a failure reproduces; fast-check prints the
 * shrunk lines.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rolit } from '../cli/run';

const NEWGAME = 'newgame size=6 colours=red,yellow first=red seed=3';

/** Words an engine line is made of: commands, keys, values, and noise. */
const word = fc.oneof(
  fc.constantFrom('hello', 'newgame', 'moves', 'play', 'tomove', 'board', 'score', 'go', 'stop', 'setoption', 'undo', 'bogus', '__proto__', 'constructor'),
  fc.constantFrom('size=8', 'size=6', 'size=4', 'size=', 'colours=red,yellow', 'colours=red,red', 'first=red', 'first=blue', 'variant=pro', 'variant=team', 'misere=on', 'seed=-1', 'seed=1e99'),
  fc.constantFrom('movetime=0', 'movetime=1', 'movetime=-5', 'movetime=1.5', 'movetime=NaN', 'level=novice', 'level=master', 'level=toString', 'threads=0', 'threads=2', 'threads=99', 'key=a=b', '='),
  fc.constantFrom('c3', 'd3', 'c4', 'a1', 'z9', 'c3+d4', 'c3+c3', '+', 'f4'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

/** A line: words joined by spaces or tabs, perhaps with a CR, with no line break inside. */
const line = fc
  .tuple(fc.array(word, { maxLength: 5 }), fc.constantFrom(' ', '\t', '  '), fc.boolean())
  .map(([words, gap, cr]) => `${words.join(gap)}${cr ? '\r' : ''}`.replace(/[\n\r\u2028\u2029]+(?!$)/g, ' '));

/** How many reply lines `line` gets: none for blank lines, stop and quit; board lines up to `end`. */
function isSilent(text: string): boolean {
  const words = text.trim().split(/[ \t]+/);
  return words[0] === '' || (words.length === 1 && (words[0] === 'stop' || words[0] === 'quit'));
}

describe('engine protocol fuzz', () => {
  it('every line gets its reply or an error, and the engine goes on', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(line, { maxLength: 8 }), async (started, lines) => {
        // A quit ends the session early; fuzz what comes before it.
        const cut = lines.findIndex((l) => l.trim() === 'quit');
        const sent = cut < 0 ? lines : lines.slice(0, cut);
        // Short searches only: a `go` with no movetime would think for the level's own time.
        const input = [...(started ? [NEWGAME] : []), ...sent.map((l) => (l.trim().startsWith('go') ? `${l} movetime=1`.replace('\r', '') : l)), 'hello', ''];
        const r = await rolit(['engine'], input.join('\n'));
        expect(r.code).toBe(0);
        expect(r.stderr).toBe('');
        const replies = r.stdout.split('\n');
        expect(replies.pop()).toBe('');
        // The engine is still there: the last reply answers the closing hello.
        expect(replies.at(-1)).toMatch(/^rolit Rolit 3D /);
        for (const reply of replies) expect(reply).toMatch(/^(ok|moves|tomove|score|bestmove|rolit|error [^\s]|[.RYGB]+$|end$)/);
        expect(replies.filter((r) => r.startsWith('error internal error'))).toEqual([]);
        // One reply per command, besides the rows of a board.
        const answers = replies.filter((r) => !/^[.RYGB]+$/.test(r));
        expect(answers.length).toBe(input.filter((l) => !isSilent(l)).length);
      }),
      { numRuns: 150, seed: 2025 },
    );
  });
});
