import type { Command } from '../command';
import { arena } from './arena';
import { bench } from './bench';
import { engine } from './engine';
import { ladder } from './ladder';
import { perft } from './perft';
import { replay } from './replay';
import { solve } from './solve';

/** Every CLI command, in the order `--help` lists them. Add new commands here. */
export const commands: Command[] = [engine, perft, bench, replay, arena, ladder, solve];
