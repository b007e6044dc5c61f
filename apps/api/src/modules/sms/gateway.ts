/**
 * The SMS gateway adapter (issue 32): the HTTP API of a Bangladeshi bulk-SMS provider of the kind BD merchants use
 * (SSL Wireless's ISMS v3 send-sms): a POST of JSON with the account's API token, its approved sender id, the number
 * as 8801XXXXXXXXX, the words, and the merchant's own unique id of the message (`csms_id`), which the gateway refuses
 * to take twice. It answers HTTP 200 with `status` SUCCESS or FAILED, and per message its `sms_status` and the
 * gateway's `reference_id`.
 */

export interface SmsAccount {
  /** The gateway's base URL (its path /api/v3/send-sms is added). */
  url: string;
  token: string;
  senderId: string;
}

export interface SmsGateway {
  /** Sends one message under our id of it; answers the gateway's reference (null when the gateway had it already). */
  send(message: { id: string; to: string; body: string }): Promise<{ reference: string | null }>;
}

/** The gateway's refusal, as it words it. */
export class SmsRefused extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(`${code}: ${message}`);
    this.code = code;
  }
}

const TIMEOUT_MS = 30_000;

/** Our id of a message as the gateway takes it: letters and digits, at most 20 (the uuid's hex, shortened). */
export const csmsIdOf = (id: string) => id.replaceAll('-', '').slice(0, 20);

export function smsGateway(account: () => SmsAccount, fetchImpl: typeof fetch = fetch): SmsGateway {
  return {
    async send({ id, to, body }) {
      const { url, token, senderId } = account();
      const res = await fetchImpl(`${url}/api/v3/send-sms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ api_token: token, sid: senderId, msisdn: to, sms: body, csms_id: csmsIdOf(id) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const json = (await res.json().catch(() => ({}))) as {
        status?: string;
        status_code?: number;
        error_message?: string;
        smsinfo?: { sms_status?: string; status_message?: string; reference_id?: string }[];
      };
      const info = json.smsinfo?.[0];
      if (res.ok && json.status === 'SUCCESS' && info?.sms_status === 'SUCCESS') return { reference: info.reference_id ?? null };
      // Sent before (we asked, then stopped before we could record it): the gateway has it, once.
      if (/duplicate csms id/i.test(json.error_message ?? '')) return { reference: null };
      throw new SmsRefused(String(json.status_code ?? res.status), json.error_message || info?.status_message || 'the SMS gateway did not take the message');
    },
  };
}
