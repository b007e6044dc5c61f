import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { errorCodes, errorMessage, errorMessages, formatIcu } from '@market/contract';
import { describe, expect, it } from 'vitest';
import { expectErrorBody } from './error-body.ts';
import { createCategory, markSold, postProduct, signUp } from './fixtures.ts';
import { appWithLimits, call, useTestApp } from './helper.ts';
import { callRoute } from './call-route.ts';

/** Every .ts file under `dir`, tests left out. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.endsWith('.test.ts'))
    .map((f) => join(f.parentPath, f.name));

const root = join(import.meta.dirname, '../../..');
const apiSources = sources(join(root, 'apps/api/src'));
/** Where refusals are made: the API, the endpoint descriptors that name their limits' 429s, the deal's table (its 409s). */
const refusalSources = [...apiSources, ...sources(join(root, 'packages/contract/src/endpoints')), join(root, 'packages/contract/src/deal.ts')].map((file) => ({
  file: relative(root, file),
  text: readFileSync(file, 'utf8'),
}));

describe("the contract's error codes", () => {
  it('are snake_case, and each is used by a throw site or a handler (a code nobody answers is a stale one)', () => {
    expect(errorCodes.length).toBeGreaterThanOrEqual(100);
    const unused = errorCodes.filter((code) => !refusalSources.some((s) => s.text.includes(`'${code}'`)));
    for (const code of errorCodes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(unused).toEqual([]);
  });

  it('are the only way the API words a refusal: bodies are built in one place, from a code', () => {
    const building = refusalSources.filter((s) => /massage:/.test(s.text)).map((s) => s.file);
    expect(building).toEqual(['apps/api/src/errors.ts']);
    const raw = refusalSources.filter((s) => s.file !== 'apps/api/src/errors.ts' && /new AppError\(/.test(s.text)).map((s) => s.file);
    expect(raw).toEqual([]);
  });

  it('have messages in ICU MessageFormat that render with their placeholders filled and nothing left over', () => {
    for (const [code, template] of Object.entries(errorMessages)) {
      const names = [...template.matchAll(/\{([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]!);
      const text = formatIcu(template, Object.fromEntries(names.map((n) => [n, 2])));
      expect(text, code).not.toMatch(/[{}#]/);
      expect(text.length, code).toBeGreaterThan(0);
    }
  });

  it('say what the API always said, with the values in place (the tests of each route check the rest word for word)', () => {
    const oldWait = (s: number) => (s < 120 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minutes`);
    for (const seconds of [1, 2, 59, 119, 120, 121, 900, 3600, 86_400]) {
      const params = { seconds, minutes: seconds < 120 ? 0 : Math.ceil(seconds / 60) };
      expect(errorMessage('too_many_card_attempts', params)).toBe(`Too many card attempts, try again in ${oldWait(seconds)}`);
    }
    expect(['Admin', 'Seller', 'Buyer'].map((roles) => errorMessage('forbidden_role', { roles }))).toEqual([
      'Only an Admin can do this',
      'Only a Seller can do this',
      'Only a Buyer can do this',
    ]);
    expect(['product', 'order', 'booking', 'review', 'review_of_me', 'conversation', 'message'].map((what) => errorMessage('not_yours', { what }))).toEqual([
      'This product is not yours',
      'This order is not yours',
      'This booking is not of your phone',
      'This review is not yours',
      'This review is not of you',
      'This conversation is not yours',
      'This message is not yours',
    ]);
    expect(errorMessage('bad_url', { part: '%E0%A4%A' })).toBe("'%E0%A4%A' is not a valid url component");
    expect(errorMessage('image_not_uploaded_here', { field: 'userImg', hours: 24 })).toBe(
      'userImg must be a picture uploaded to this site, and used within 24 hours of uploading it',
    );
    expect(errorMessage('payment_refunded', { reason: 'This order is already paid', reasonCode: 'order_paid' })).toBe(
      'This order is already paid. Your payment is being refunded.',
    );
  });

  it('are formatted as ICU does it: quoting, select, plural with =N and #', () => {
    expect(formatIcu("It''s '{literal}' and {x}", { x: 1 })).toBe("It's {literal} and 1");
    expect(formatIcu('{n, plural, =0 {none} one {# item} other {# items}}', { n: 0 })).toBe('none');
    expect(formatIcu('{n, plural, =0 {none} one {# item} other {# items}}', { n: 1 })).toBe('1 item');
    expect(formatIcu('{n, plural, =0 {none} one {# item} other {# items}}', { n: 1200 })).toBe('1,200 items');
    expect(formatIcu("{n, plural, other {'#' is #}}", { n: 3 })).toBe('# is 3');
    expect(formatIcu('{k, select, a {A} other {({k})}}', { k: 'b' })).toBe('(b)');
    expect(() => formatIcu('{x}')).toThrow(/No value for \{x\}/);
    expect(() => formatIcu('{x, select, a {A}}', { x: 'a' })).toThrow(SyntaxError);
    expect(() => formatIcu('a } b')).toThrow(SyntaxError);
  });
});

describe('refusals carry their code and values', () => {
  const ctx = useTestApp();

  it('401: not logged in, or a session that no longer holds', async () => {
    expectErrorBody((await callRoute(ctx.app, 'me')).body, 'not_logged_in');
    expectErrorBody((await callRoute(ctx.app, 'me', { token: 'not-a-token' })).body, 'session_expired');
  });

  it("403: the wrong role, and someone else's phone", async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const other = await signUp(ctx.app, 'Seller');
    const role = await callRoute(ctx.app, 'allBuyers', { token: seller.token });
    expect(role.status).toBe(403);
    expectErrorBody(role.body, 'forbidden_role', { roles: 'Admin' });
    const phone = await postProduct(ctx.app, seller, (await createCategory(ctx.app)).id);
    const notYours = await callRoute(ctx.app, 'advertiseProduct', { params: { id: phone._id }, token: other.token });
    expect(notYours.status).toBe(403);
    expectErrorBody(notYours.body, 'not_yours', { what: 'product' });
  });

  it('404: the thing, and the route', async () => {
    const missing = await callRoute(ctx.app, 'product', { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.status).toBe(404);
    expectErrorBody(missing.body, 'not_found', { what: 'Product' });
    // A literal request: log in's path with a method it does not take is no route.
    const route = await call(ctx.app, { method: 'PATCH', url: '/api/login?x=1' });
    expect(route.status).toBe(404);
    expectErrorBody(route.body, 'route_not_found', { method: 'PATCH', path: '/api/login' });
  });

  it('409: a phone already sold', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const buyer = await signUp(ctx.app, 'Buyer');
    const phone = await postProduct(ctx.app, seller, (await createCategory(ctx.app)).id);
    await markSold(ctx.app, phone._id);
    const payload = { productId: phone._id, meetingLocation: 'Gulshan 1', mobileNumber: '01711-000111' };
    const res = await callRoute(ctx.app, 'book', { token: buyer.token, body: payload });
    expect(res.status).toBe(409);
    expectErrorBody(res.body, 'product_sold');
    expect(res.body.params).toBeUndefined();
  });

  it('400: a body its schema refuses names each field and its problem', async () => {
    const res = await callRoute(ctx.app, 'signUp', { body: { name: '', email: 'not-an-address', password: 'secret1', role: 'Owner' } });
    expect(res.status).toBe(400);
    const body = expectErrorBody(res.body, 'invalid_input');
    expect(body.params?.where).toBe('body');
    expect(body.fields?.map((f) => f.field)).toEqual(expect.arrayContaining(['name', 'email', 'role']));
    expect(body.params?.problems).toBe(body.fields!.map((f) => `${f.field} ${f.problem}`).join('; '));
    expect(body.message).toBe(`Invalid body: ${body.params?.problems}`);
  });

  it('413 and 415: a body too large, a type no route reads', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(300 * 1024) });
    const large = await callRoute(ctx.app, 'logIn', { body: big, headers: { 'content-type': 'application/json' } });
    expect(large.status).toBe(413);
    expectErrorBody(large.body, 'payload_too_large');
    const xml = await callRoute(ctx.app, 'logIn', { body: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    expectErrorBody(xml.body, 'unsupported_media_type');
  });

  it('429: the limit that was met, with the wait in seconds (and minutes from two on)', async () => {
    const app = await appWithLimits(ctx, { loginPerIp: { max: 1, windowMs: 60_000 } });
    const login = () => callRoute(app, 'logIn', { remoteAddress: '10.9.0.1', body: { email: 'a@example.com', password: 'wrong1' } });
    expect((await login()).status).toBe(401);
    const refused = await login();
    expect(refused.status).toBe(429);
    expectErrorBody(refused.body, 'too_many_logins_from_address', { seconds: Number(refused.headers['retry-after']), minutes: 0 });
  });
});
