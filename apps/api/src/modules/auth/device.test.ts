import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import { PASSWORD, signUp } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { userDevices } from '../../db/schema.ts';
import { deviceCookie, deviceHash } from './device.ts';

/** Decision 059: the browser a person signs in from, remembered per account as the hash of its `device` cookie. */
const ctx = useTestApp();

const logIn = (email: string, cookie?: string, headers: Record<string, string> = {}) =>
  callRoute(ctx.app, 'logIn', { body: { email, password: PASSWORD }, ...(cookie ? { cookie } : {}), headers });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']);
const devicesOf = (userId: string) => ctx.app.db.select().from(userDevices).where(eq(userDevices.userId, userId));

describe("a browser's device", () => {
  it('is given at the first sign-in (HttpOnly, Lax, 400 days) and kept by its hash; signing in again from it renews it', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const first = await logIn(buyer.email);
    expect(first.status).toBe(200);
    expect(cookieOf(first)).toMatch(/^device=[\w-]{43}; Path=\/; Max-Age=34560000; HttpOnly; SameSite=Lax$/);
    const cookie = deviceCookie(cookieOf(first).split(';')[0])!;
    const [row] = (await devicesOf(buyer._id)).filter((d) => d.device === deviceHash(cookie));
    expect(row).toBeDefined();
    // The database holds the hash, never the cookie.
    expect(JSON.stringify(await devicesOf(buyer._id))).not.toContain(cookie);

    const again = await logIn(buyer.email, `theme=dark; device=${cookie}`);
    expect(cookieOf(again).split(';')[0]).toBe(`device=${cookie}`);
    const rows = (await devicesOf(buyer._id)).filter((d) => d.device === deviceHash(cookie));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lastSeen.getTime()).toBeGreaterThanOrEqual(row!.lastSeen.getTime());
  });

  it('is shared by two accounts signed in from one browser, and nobody else', async () => {
    const [seller, buyer, stranger] = [await signUp(ctx.app, 'Seller'), await signUp(ctx.app, 'Buyer'), await signUp(ctx.app, 'Buyer')];
    const cookie = cookieOf(await logIn(seller.email)).split(';')[0]!;
    await logIn(buyer.email, cookie);
    await logIn(stranger.email);
    const [s, b, x] = await Promise.all([devicesOf(seller._id), devicesOf(buyer._id), devicesOf(stranger._id)]);
    const shared = (a: { device: string }[], c: { device: string }[]) => a.filter((d) => c.some((e) => e.device === d.device));
    expect(shared(s, b)).toHaveLength(1);
    expect(shared(s, x)).toEqual([]);
  });

  it('that is not one of ours (forged, too short, another shape) is replaced by a new one; a forwarded https from no proxy makes it no Secure', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    for (const forged of ['device=abc', `device=${'a'.repeat(42)}!`, 'device=../../etc/passwd', `device=${'a'.repeat(44)}`]) {
      const res = await logIn(buyer.email, forged, { 'x-forwarded-proto': 'https' });
      expect(res.status).toBe(200);
      const given = cookieOf(res);
      expect(given, forged).toMatch(/^device=[\w-]{43}; /);
      expect(given.split(';')[0]).not.toBe(forged);
      expect(given).not.toContain('Secure');
    }
    expect(deviceCookie(`device=${'a'.repeat(43)}`)).toBe('a'.repeat(43));
    expect(deviceCookie('xdevice=' + 'a'.repeat(43))).toBeUndefined();
  });
});
