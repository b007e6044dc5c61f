import { pathOf } from '../../../lib/endpoint.ts';
import { datedName, downloadFile } from '../download-file.ts';

/**
 * Makes the bank batch (POST /api/payout-batches: every bank payout waiting, now being sent) and saves its CSV, fetched
 * with the session's token. None waiting: it rejects with the API's 409 (`no_bank_payouts_waiting`).
 */
export const downloadPayoutBatch = (token: string | null): Promise<void> =>
  downloadFile(pathOf('payoutBatch'), { token, method: 'POST', fallbackName: datedName('payouts') });
