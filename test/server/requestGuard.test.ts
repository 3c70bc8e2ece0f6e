/** What the front lets through to Colyseus and what it refuses, header by header (attack.test.ts sends them for real). */
import { describe, expect, it } from 'vitest';
import { requestRefusal, upgradeRefusal } from '../../src/server/front/requestGuard';

const ok = (headers: Record<string, string>, method = 'GET', url = '/matchmake/create/rolit') => requestRefusal(method, url, { host: 'localhost:2567', ...headers });

describe('the front', () => {
  it('lets through what browsers, the SDK and proxies send', () => {
    const allowed: Record<string, string>[] = [
      {},
      { host: 'example.com' },
      { host: 'Example.COM.' },
      { host: '127.0.0.1:8080' },
      { host: '[::1]:2567' },
      { host: 'my_host' },
      { 'x-forwarded-proto': 'https' },
      { 'x-forwarded-proto': 'HTTP' },
      { 'x-forwarded-host': 'a.example, b.example:8443' },
      { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' },
      { 'x-forwarded-for': '2001:db8::1, 198.51.100.4:31337, [2001:db8::2]:4711' },
      { forwarded: 'for=192.0.2.60;proto=http;by=203.0.113.43' },
      { forwarded: 'for="[2001:db8:cafe::17]:4711", for=unknown' },
      { 'content-type': 'application/json; charset=utf-8' },
    ];
    for (const headers of allowed) {
      expect(ok(headers, 'POST'), JSON.stringify(headers)).toBeNull();
    }
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(ok({}, method)).toBeNull();
    expect(requestRefusal('GET', '/', {})).toBeNull(); // HTTP/1.0, no Host
  });

  it('refuses other methods (405) and malformed headers, targets and bodies (400, 415), saying which', () => {
    for (const method of ['TRACE', 'CONNECT', 'PUT', 'DELETE', 'get']) expect(ok({}, method)?.status, method).toBe(405);
    expect(requestRefusal(undefined, '/', {})?.status).toBe(405);
    for (const [headers, text] of [
      [{ host: '[' }, 'malformed host header: "["'],
      [{ host: 'a b' }, 'malformed host header'],
      [{ host: 'x:99999' }, 'malformed host header'],
      [{ host: '' }, 'malformed host header'],
      [{ 'x-forwarded-proto': 'a b' }, 'malformed x-forwarded-proto header: "a b"'],
      [{ 'x-forwarded-proto': 'https, http' }, 'malformed x-forwarded-proto header'],
      [{ 'x-forwarded-host': '[' }, 'malformed x-forwarded-host header'],
      [{ 'x-forwarded-for': 'nobody' }, 'malformed x-forwarded-for header'],
      [{ 'x-forwarded-for': '1.2.3.4,' }, 'malformed x-forwarded-for header'],
      [{ forwarded: 'for=' }, 'malformed forwarded header'],
      [{ forwarded: 'for=a b' }, 'malformed forwarded header'],
    ] as const) {
      expect(ok(headers), JSON.stringify(headers)).toEqual({ status: 400, text: expect.stringContaining(text) });
    }
    expect(ok({ 'content-type': 'multipart/form-data; boundary=x' }, 'POST')).toEqual({ status: 415, text: expect.stringContaining('request bodies are JSON') });
    expect(ok({ 'content-type': 'application/jsonx' }, 'POST')?.status).toBe(415);
    expect(ok({ 'content-type': 'text/plain' }, 'GET')).toBeNull();
    expect(upgradeRefusal(':99999', { host: 'localhost' })).toEqual({ status: 400, text: 'malformed request target: ":99999"' });
    expect(upgradeRefusal('/abc/DEF?sessionId=x', { host: 'localhost' })).toBeNull();
  });
});
