/**
 * The one-off import of the record files a server kept before it had a database: each finished
 * round of the data directory becomes a kept, unrated game whose seats name their players as the
 * record does (no player id: a record holds no key). Files that do not read are left out, logged in one line.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readRecord } from '../../engine';
import { RECORD_EXTENSION } from '../records';
import type { GameStore } from './store';

const IMPORTED = 'record files imported';

/** Imports the finished rounds' files of `dataDir` unless done before; gives how many it kept. */
export async function importRecordFiles(store: GameStore, dataDir: string): Promise<number> {
  const done = await store.db.selectFrom('meta').select('value').where('key', '=', IMPORTED).executeTakeFirst();
  if (done) return 0;
  let names: string[] = [];
  try {
    names = (await readdir(dataDir)).filter((f) => f.endsWith(RECORD_EXTENSION) && !f.startsWith('.') && !f.endsWith(`-unfinished${RECORD_EXTENSION}`));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  let kept = 0;
  const unread: string[] = [];
  for (const name of names) {
    try {
      const path = join(dataDir, name);
      const text = await readFile(path, 'utf8');
      const { game, tags } = readRecord(text);
      const result = game.state.result;
      if (!result) continue;
      const saved = await store.saveRound({
        id: name,
        room: tags.Room ?? name.replace(/-round\d+\.rolit$/, ''),
        round: Number(tags.Round) || 1,
        finishedAt: (await stat(path)).mtime,
        size: game.setup.size,
        variant: game.setup.variant,
        misere: game.setup.misere,
        rated: false,
        record: text,
        seats: game.setup.players.map((colours, seat) => {
          const name = tags[colours[0][0].toUpperCase() + colours[0].slice(1)] ?? '';
          return { colours, player: null, name, kind: name.startsWith('computer (') ? 'computer' : 'human', score: result.playerScores[seat], forfeit: false, standInMoves: 0 };
        }),
      });
      if (saved) kept++;
    } catch (e) {
      if (unread.push(name) === 1) console.error(`rolit server: importing record ${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (unread.length > 1) console.error(`rolit server: ${unread.length} record files did not read and are not in the database (the first is above)`);
  await store.db.insertInto('meta').values({ key: IMPORTED, value: new Date().toISOString() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  return kept;
}
