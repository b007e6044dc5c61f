import { z } from 'zod';
import { PageQuery } from '../common.ts';
import { Earnings, Fees, Sale } from '../earnings.ts';
import { anyone, endpoint, role } from '../endpoint.ts';

const tag = 'money';

export const fees = endpoint('fees', {
  tag,
  summary: "The site's fee on a protected sale (a percent of the price, at least a minimum): sellers see it before they post; cash deals owe none",
  access: anyone,
  data: Fees,
  cache: 'public',
});

export const earnings = endpoint('earnings', {
  tag,
  summary: "The signed-in seller's money, in poisha: held for deals not yet completed, available, being paid out and paid out (from the ledger)",
  access: role('Seller'),
  data: Earnings,
});

export const sales = endpoint('sales', {
  tag,
  summary:
    "The signed-in seller's sales, newest first: each deal paid through the site (its price, the site's fee, the net and any refund, in poisha) and each completed cash deal",
  access: role('Seller'),
  query: PageQuery,
  page: Sale,
});

export const salesCsv = endpoint('salesCsv', {
  tag,
  summary: "The signed-in seller's sales as a CSV file (every one, newest first; amounts in taka)",
  access: role('Seller'),
  raw: z.string().describe('text/csv'),
});
