import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../../test/error-body.ts';
import { useTestApp } from '../../../test/helper.ts';
import { callRoute } from '../../../test/call-route.ts';

const ctx = useTestApp();

const part = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;

// Found by the fuzz test: the multipart parser's own errors carry no status and were answered 500.
describe('POST /api/images with a malformed multipart body', () => {
  it.each([
    ['no boundary parameter', 'multipart/form-data', `${part('b')}\r\n--b--\r\n`],
    ['a boundary the body does not use', 'multipart/form-data; boundary=other', `${part('b')}\r\n--b--\r\n`],
    ['a body cut short', 'multipart/form-data; boundary=b', part('b')],
    ['no part at all', 'multipart/form-data; boundary=b', '--b--'],
    ['garbage', 'multipart/form-data; boundary=b', 'garbage'],
  ])('%s: a 400 in the JSON error shape, nothing stored', async (_what, type, payload) => {
    const before = readdirSync(ctx.config.uploadsDir);
    const res = await callRoute(ctx.app, 'uploadImage', { body: payload, headers: { 'content-type': type } });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectErrorBody(res.body);
    expect(readdirSync(ctx.config.uploadsDir)).toEqual(before);
  });
});
