import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fromThisComputer } from '../../this-computer.ts';
import { smsSandboxMessages } from '../../db/schema.ts';
import type { SmsAccount } from './gateway.ts';

/**
 * The SMS gateway's local stand-in (issue 32), on with SMS_SANDBOX (tests and demos; never with a gateway's keys).
 * It speaks the gateway's send-sms call under /sms-sandbox/api/v3/send-sms, with its own API token (derived from
 * this installation's secret, as the bKash stand-in's merchant is, decision 042) and sender id, and keeps what it
 * received — the phones' side — in sms_sandbox_messages.
 */
export const SANDBOX_SENDER_ID = 'ResalePhones';

export const sandboxSmsToken = (secret: string) => createHmac('sha256', secret).update('sms-sandbox:api-token').digest('base64url');

/** The account the adapter uses for the stand-in, at `origin` (read at each call: the address is known once the server listens). */
export const sandboxSmsAccount = (secret: string, origin: () => string) => (): SmsAccount => ({
  url: `${origin()}/sms-sandbox`,
  token: sandboxSmsToken(secret),
  senderId: SANDBOX_SENDER_ID,
});

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const failed = (status_code: number, error_message: string) => ({ status: 'FAILED', status_code, error_message });

export default async function smsSandbox(app: FastifyInstance, { secret }: { secret: string }) {
  const token = sandboxSmsToken(secret);
  app.post('/sms-sandbox/api/v3/send-sms', { schema: { hide: true } }, async (request) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (typeof b.api_token !== 'string' || !same(b.api_token, token)) return failed(4001, 'Unauthorized: invalid api_token');
    if (b.sid !== SANDBOX_SENDER_ID) return failed(4003, 'Invalid SID');
    if (typeof b.msisdn !== 'string' || !/^8801[3-9]\d{8}$/.test(b.msisdn)) return failed(4010, 'Invalid MSISDN');
    if (typeof b.sms !== 'string' || b.sms.length === 0 || b.sms.length > 1000) return failed(4004, 'Invalid SMS body');
    if (typeof b.csms_id !== 'string' || !/^[A-Za-z0-9_-]{1,20}$/.test(b.csms_id)) return failed(4005, 'Invalid CSMS ID');
    const referenceId = randomBytes(8).toString('hex');
    const [taken] = await app.db
      .insert(smsSandboxMessages)
      .values({ csmsId: b.csms_id, msisdn: b.msisdn, body: b.sms, referenceId })
      .onConflictDoNothing()
      .returning();
    if (!taken) return failed(4020, 'Duplicate CSMS ID');
    return {
      status: 'SUCCESS',
      status_code: 200,
      error_message: '',
      smsinfo: [
        {
          sms_status: 'SUCCESS',
          status_message: 'Success',
          msisdn: b.msisdn,
          sms_type: /^[\x20-\x7e\n]*$/.test(b.sms) ? 'EN' : 'UNICODE',
          sms_body: b.sms,
          csms_id: b.csms_id,
          reference_id: referenceId,
        },
      ],
    };
  });
  // The test phones' side: what a number received, newest first, to this computer only (scripts, the crash test).
  app.get('/sms-sandbox/inbox/:msisdn', { schema: { hide: true } }, async (request, reply) => {
    if (!fromThisComputer(request)) return reply.status(404).send({ message: 'Not found' });
    const inbox = await sandboxInbox(app, (request.params as { msisdn: string }).msisdn);
    return inbox.map((m) => ({ body: m.body, receivedAt: m.receivedAt.toISOString() }));
  });
}

/** What the stand-in delivered to a number (8801…), newest first: what that phone's owner reads. */
export async function sandboxInbox(app: FastifyInstance, msisdn: string) {
  const rows = await app.db.select().from(smsSandboxMessages).where(eq(smsSandboxMessages.msisdn, msisdn));
  return rows.sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime());
}
