import { startTestServer, create } from './test/server/helpers';
const server = await startTestServer();
const host = await create(server.endpoint, { name: 'Host', spectator: true, size: 4, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
const key = 'k'.repeat(22);
const res = await fetch(`${server.endpoint}/bot/rooms/${host.room.roomId}/stream?name=Bot&colour=red`, { headers: { authorization: `Bearer ${key}` } });
console.log(res.status, res.headers.get('content-type'));
const reader = res.body!.getReader();
const t0 = Date.now();
for (;;) { const { done, value } = await reader.read(); if (done) { console.log('done', Date.now() - t0); break; } console.log(new TextDecoder().decode(value).slice(0, 300)); if (Date.now() - t0 > 3000) break; }
await server.close();
process.exit(0);
