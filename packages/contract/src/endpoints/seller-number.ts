import { SmsCodeBody } from '../payouts.ts';
import { endpoint, role, verified } from '../endpoint.ts';
import { MyNumberBody, NumberCodeSent, NumberConfirmed } from '../seller-number.ts';

const tag = 'accounts';

export const sendNumberCode = endpoint('sendNumberCode', {
  tag,
  summary:
    'Ask for a 6-digit code by SMS to the mobile number the seller wants confirmed (issue 36); a confirmed number stays theirs until the new one’s code is entered',
  access: verified(role('Seller')),
  body: MyNumberBody,
  data: NumberCodeSent,
  status: [202],
  cache: 'keeps',
  limits: [
    { limit: 'numberCodesPerUser', per: 'user', kind: 'number-code-user', code: 'too_many_number_codes' },
    // One count per number with the payout wallets' codes: a number is sent a few codes an hour, whichever form asks.
    { limit: 'smsCodesPerNumber', per: 'body-number', kind: 'sms-code-number', code: 'too_many_sms_codes' },
  ],
  errors: { 409: ['number_already_confirmed', 'number_taken'] },
});

export const confirmMyNumber = endpoint('confirmMyNumber', {
  tag,
  summary:
    'Confirm the mobile number with the code sent to it (ends in 10 minutes, 5 tries): the seller’s listings that waited only for it go live, those also waiting for an Admin’s check keep waiting',
  access: role('Seller'),
  body: SmsCodeBody,
  data: NumberConfirmed,
  errors: { 400: ['sms_code_wrong', 'sms_code_expired', 'sms_code_tries_used'], 409: ['number_taken'] },
});
