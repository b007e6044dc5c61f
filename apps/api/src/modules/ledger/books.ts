import type { LedgerAccountKind, LedgerCause } from '@market/contract/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerLines } from '../../db/schema.ts';

/** An account of the ledger: its key (what lines name), its kind, and its owner (a seller) or name (a provider). */
export interface Account {
  key: string;
  kind: LedgerAccountKind;
  ownerId: string | null;
}

const owned = (kind: LedgerAccountKind, ownerId: string): Account => ({ key: `${kind}:${ownerId}`, kind, ownerId });
const site = (kind: LedgerAccountKind): Account => ({ key: kind, kind, ownerId: null });

/** The accounts (decision 052; packages/contract/src/money.ts says what each holds). */
export const account = {
  provider: (name: string): Account => ({ key: `provider:${name}`, kind: 'provider', ownerId: null }),
  held: (sellerId: string) => owned('held', sellerId),
  seller: (sellerId: string) => owned('seller', sellerId),
  payouts: (sellerId: string) => owned('payouts', sellerId),
  refunds: site('refunds'),
  fees: site('fees'),
  adjustments: site('adjustments'),
};

/** The account a key names (the inverse of `account`). */
export function accountOf(key: string): Account {
  const [kind, rest] = key.split(':') as [LedgerAccountKind, string | undefined];
  if (rest === undefined) return site(kind);
  return kind === 'provider' ? account.provider(rest) : owned(kind, rest);
}

export interface Line {
  account: Account;
  /** Poisha into the account (out of it when negative); never 0. */
  amount: number;
}

/** One movement of money: its cause (written once per cause), the deal it concerns, why, and its lines (summing to 0). */
export interface Entry {
  cause: LedgerCause;
  causeId: string;
  orderId?: string | null;
  memo?: string | null;
  lines: Line[];
}

/**
 * Writes entries into the books, in the caller's transaction: each once for its cause (an entry already written for
 * its cause is left as it is, and not counted), its accounts made when new. Lines of no amount are left out. The
 * lines of all the entries are written in one statement in the order of their accounts, so two writers of the same
 * accounts take their rows one after the other, never each waiting on the other. The database refuses an entry that
 * does not balance (at commit). Answers how many entries were written.
 */
export async function post(db: Db, entries: Entry[]): Promise<number> {
  // An entry and its lines commit together (the database checks the balance at commit): a transaction of its own
  // when the caller has none.
  return db.transaction((tx) => postIn(tx as unknown as Db, entries));
}

async function postIn(db: Db, entries: Entry[]): Promise<number> {
  const lines: { entryId: string; account: string; amount: number }[] = [];
  const accounts = new Map<string, Account>();
  for (const entry of entries) {
    const moving = entry.lines.filter((l) => l.amount !== 0);
    if (!moving.length) continue;
    const total = moving.reduce((sum, l) => sum + l.amount, 0);
    if (total !== 0 || moving.some((l) => !Number.isSafeInteger(l.amount)))
      throw new Error(`ledger entry ${entry.cause} ${entry.causeId} does not balance (${total})`);
    const [written] = await db
      .insert(ledgerEntries)
      .values({ cause: entry.cause, causeId: entry.causeId, orderId: entry.orderId ?? null, memo: entry.memo ?? null })
      .onConflictDoNothing({ target: [ledgerEntries.cause, ledgerEntries.causeId] })
      .returning({ id: ledgerEntries.id });
    if (!written) continue;
    for (const l of moving) {
      accounts.set(l.account.key, l.account);
      lines.push({ entryId: written.id, account: l.account.key, amount: l.amount });
    }
  }
  if (!lines.length) return 0;
  await db
    .insert(ledgerAccounts)
    .values([...accounts.values()].sort((a, b) => a.key.localeCompare(b.key)))
    .onConflictDoNothing();
  lines.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  await db.insert(ledgerLines).values(lines);
  return new Set(lines.map((l) => l.entryId)).size;
}

/** The balances of accounts, by key (an account never written to is 0). */
export async function balances(db: Db, keys: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>(keys.map((k) => [k, 0]));
  if (!keys.length) return found;
  const rows = await db.execute(
    sql`select key, balance from ${ledgerAccounts} where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  for (const r of (rows as unknown as { rows: { key: string; balance: string | number }[] }).rows) found.set(r.key, Number(r.balance));
  return found;
}

/** What a check of the books found wrong (nothing when they are right). */
export type BooksProblem = string;

/**
 * Checks the books (the money test and the crash test): every entry balances, every account's balance is the sum of
 * its lines, the money held is the price of every protected deal paid and not yet completed, refunded or called off,
 * no payment was taken into the books twice, and the refunds owed are the refunds not yet confirmed.
 */
export async function checkBooks(db: Db): Promise<BooksProblem[]> {
  const rows = async (q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
  const problems: BooksProblem[] = [];
  const unbalanced = await rows(sql`select entry_id, sum(amount) as total from ${ledgerLines} group by entry_id having sum(amount) <> 0 or count(*) < 2`);
  for (const r of unbalanced.rows) problems.push(`entry ${r.entry_id} sums to ${r.total}`);
  const drifted = await rows(sql`
    select a.key, a.balance, coalesce(sum(l.amount), 0) as lines from ${ledgerAccounts} a left join ${ledgerLines} l on l.account = a.key
    group by a.key, a.balance having a.balance <> coalesce(sum(l.amount), 0)`);
  for (const r of drifted.rows) problems.push(`account ${r.key} says ${r.balance} but its lines sum to ${r.lines}`);
  const held = await rows(sql`
    select (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'held') as books,
      (select coalesce(sum(o.product_price::bigint * 100), 0) from orders o join payments p on p.order_id = o.id
        where o.pay_with = 'protected' and o.state in ('paid', 'handed_over', 'disputed', 'locked')) as deals`);
  const h = held.rows[0]!;
  if (Number(h.books) !== Number(h.deals)) problems.push(`the books hold ${h.books} but the protected deals open hold ${h.deals}`);
  const twice = await rows(sql`select p.transaction_id from payments p left join ledger_entries e on e.cause = 'payment' and e.cause_id = p.transaction_id
    where e.id is null`);
  for (const r of twice.rows) problems.push(`payment ${r.transaction_id} is not in the books`);
  const owed = await rows(sql`
    select (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'refunds') as books,
      (select coalesce(sum(amount), 0) from refunds where status = 'pending') as pending`);
  const o = owed.rows[0]!;
  if (Number(o.books) !== Number(o.pending)) problems.push(`the books owe ${o.books} in refunds but ${o.pending} are pending`);
  return problems;
}
