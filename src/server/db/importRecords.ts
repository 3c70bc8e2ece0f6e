/**
 * The one-off import of the record files a server kept in its data directory before records were
 * kept in the database: every file named as a record becomes a record (listed and served as
 * before, dated by the file's time), and each finished round of a room of people also a kept,
 * unrated game whose seats name their players as the record does (no player id: a record holds
 * no key). A file that does not read as a finished round is kept as a record only, logged in one
 * line. The files are left where they are; the server no longer reads or writes them.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readRecord } from '../../engine';
import { isPassing, isRecordName, isUnfinished } from './records';
import type { GameStore } from './store';

const IMPORTED = 'record files imported';
/** Files read at once: a large directory must not take every open file. */
const CHUNK = 64;

/** Imports the record files of `dataDir` unless done before; gives how many records it kept. */
export async function importRecordFiles(store: GameStore, dataDir: string): Promise<number> {
  const done = await store.db.selectFrom('meta').select('value').where('key', '=', IMPORTED).executeTakeFirst();
  if (done) return 0;
  let names: string[] = [];
  try {
    names = (await readdir(dataDir)).filter((f) => isRecordName(f));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  let kept = 0;
  const unread: string[] = [];
  for (let i = 0; i < names.length; i += CHUNK) {
    const files = await Promise.all(
      names.slice(i, i + CHUNK).map(async (name) => {
        const path = join(dataDir, name);
        const stats = await stat(path);
        return stats.isFile() ? { name, text: await readFile(path, 'utf8'), at: stats.mtime } : null;
      }),
    );
    for (const file of files) {
      if (!file) continue;
      const { numInsertedOrUpdatedRows } = await store.db
        .insertInto('records')
        .values({ id: file.name, saved_at: file.at.toISOString(), passing: isPassing(file.name) ? 1 : 0, text: file.text })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (numInsertedOrUpdatedRows) kept++;
      // TV's rounds are nobody's games; an unfinished round is no game.
      if (file.name.startsWith('tv-') || isUnfinished(file.name)) continue;
      try {
        await keepAsGame(store, file.name, file.text, file.at);
      } catch (e) {
        if (unread.push(file.name) === 1) console.error(`rolit server: importing record ${file.name} as a game: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
  if (unread.length > 1) console.error(`rolit server: ${unread.length} record files did not read as games and are kept as records only (the first is above)`);
  await store.db.insertInto('meta').values({ key: IMPORTED, value: new Date().toISOString() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  return kept;
}

async function keepAsGame(store: GameStore, name: string, text: string, finishedAt: Date): Promise<void> {
  const { game, tags } = readRecord(text);
  const result = game.state.result;
  if (!result) throw new Error('the round is not over');
  await store.saveRound({
    id: name,
    room: tags.Room ?? name.replace(/-round\d+\.rolit$/, ''),
    round: Number(tags.Round) || 1,
    finishedAt,
    size: game.setup.size,
    variant: game.setup.variant,
    misere: game.setup.misere,
    rated: false,
    record: text,
    seats: game.setup.players.map((colours, seat) => {
      const player = tags[colours[0][0].toUpperCase() + colours[0].slice(1)] ?? '';
      return { colours, player: null, name: player, kind: player.startsWith('computer (') ? 'computer' : 'human', score: result.playerScores[seat], forfeit: false, standInMoves: 0 };
    }),
  });
}
