import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runJobs, useTestApp } from '../../../test/helper.ts';
import { createAdmin, signUp } from '../../../test/fixtures.ts';
import { callRoute } from '../../../test/call-route.ts';
import { smsMessages, smsSandboxMessages } from '../../db/schema.ts';
import { ownOrigin } from '../../public-origin.ts';
import { csmsIdOf, smsGateway, SmsRefused } from './gateway.ts';
import { SANDBOX_SENDER_ID, sandboxSmsToken } from './sandbox.ts';

/**
 * Issue 32, item 4 (decision 052): text messages go through a Bangladeshi bulk-SMS gateway's HTTP API — here its
 * local stand-in (SMS_SANDBOX), a real HTTP peer with its own token — once each, and their words go once it took them.
 */
const ctx = useTestApp({ sms: { provider: 'sandbox' } });
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
const origin = () => ownOrigin(ctx.app.server, ctx.config);

describe('the SMS gateway (its stand-in)', () => {
  it('takes a payout code for the wallet as 8801…, under our id of it; the outbox keeps the record but not the code', async () => {
    const seller = await signUp(ctx.app, 'Seller', undefined, { verified: true });
    expect((await callRoute(ctx.app, 'setPayoutMethod', { token: seller.token, body: { kind: 'bkash', wallet: '01711-000222' } })).status).toBe(200);
    await runJobs(ctx.app);
    const [sms] = await ctx.app.db.select().from(smsMessages).where(eq(smsMessages.toNumber, '8801711000222'));
    expect(sms).toMatchObject({ status: 'sent', body: null, reference: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const [received] = await ctx.app.db.select().from(smsSandboxMessages).where(eq(smsSandboxMessages.msisdn, '8801711000222'));
    expect(received).toMatchObject({ csmsId: csmsIdOf(sms!.id), referenceId: sms!.reference });
    const code = /\b(\d{6})\b/.exec(received!.body)![1]!;
    // With a gateway, the Admin's outbox shows no words.
    const admin = await createAdmin(ctx.app);
    const outbox = await callRoute(ctx.app, 'smsOutbox', { token: admin.token });
    expect(outbox.body.data[0]).toMatchObject({ to: '8801711000222', status: 'sent', text: null });
    // The seller reads it on the phone and confirms the wallet.
    expect((await callRoute(ctx.app, 'confirmPayoutNumber', { token: seller.token, body: { code } })).body.data).toMatchObject({ confirmed: true });
  });

  it('the same message again is the one it has (the duplicate id is no second SMS); another token, sender or number is refused', async () => {
    const gateway = smsGateway(() => ({ url: `${origin()}/sms-sandbox`, token: sandboxSmsToken(ctx.config.jwtSecret), senderId: SANDBOX_SENDER_ID }));
    const message = { id: '0f8b9b1e-5b7a-4e1e-9d5c-1a2b3c4d5e6f', to: '8801811000333', body: 'Hello' };
    expect((await gateway.send(message)).reference).toMatch(/^[0-9a-f]{16}$/);
    expect(await gateway.send(message)).toEqual({ reference: null });
    expect(await ctx.app.db.select().from(smsSandboxMessages).where(eq(smsSandboxMessages.msisdn, '8801811000333'))).toHaveLength(1);
    const refused = async (account: { token?: string; senderId?: string }, to = '8801811000444') => {
      const other = smsGateway(() => ({
        url: `${origin()}/sms-sandbox`,
        token: sandboxSmsToken(ctx.config.jwtSecret),
        senderId: SANDBOX_SENDER_ID,
        ...account,
      }));
      const error = await other.send({ id: crypto.randomUUID(), to, body: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsRefused);
      return (error as SmsRefused).code;
    };
    expect(await refused({ token: sandboxSmsToken('another installation') })).toBe('4001');
    expect(await refused({ senderId: 'SomeoneElse' })).toBe('4003');
    expect(await refused({}, '01811000444')).toBe('4010');
  });
});
