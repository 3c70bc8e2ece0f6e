/** The answer of every room (game, lobby, quick-play queue) to a message of a type it does not take. */
import type { Client } from '@colyseus/core';
import type { ErrorMessage } from '../../wire/contract';

/** Answers a message a room does not take with `error` `unknownMessage`; one without a type (undefined or "") says so. */
export function refuseUnknown(client: Client, type: string | number | undefined, what: string): void {
  const named = type === undefined || type === '' ? 'a message without a type' : `unknown message type ${JSON.stringify(String(type).slice(0, 40))}`;
  const error: ErrorMessage = { code: 'unknownMessage', text: `${named}: ${what}` };
  client.send('error', error);
}
