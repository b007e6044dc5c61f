import type { MoneyOverview } from '@market/contract';
import { DataTable } from '../../../components/data-table.tsx';
import { money, number } from '../../../lib/format.ts';
import { useT, type Key } from '../../../lib/i18n.ts';

type Report = MoneyOverview['providers'][number];
type Sums = Report['books'];

/** Each provider's side of the books (the server's names), as an Admin reads it; one this app does not know is its name. */
const providerIds: Record<string, Key<'admin'>> = {
  sandbox: 'money.provider.sandbox',
  stripe: 'money.provider.stripe',
  bkash: 'money.provider.bkash',
  'bkash-payout': 'money.provider.bkashPayout',
  bank: 'money.provider.bank',
};

/** What the site holds and owes, in poisha, and the payouts waiting, being sent and failed (the last 30 days). */
export function MoneyFigures({ overview }: { overview: MoneyOverview }) {
  const t = useT('admin');
  const amounts = [
    ['money.held', overview.held],
    ['money.fees', overview.fees],
    ['money.refundsOwed', overview.refundsOwed],
    ['money.sellersAvailable', overview.sellersAvailable],
  ] as const;
  const payouts = [
    ['money.waiting', overview.payouts.waiting],
    ['money.sending', overview.payouts.sending],
    ['money.failedPayouts', overview.payouts.failed],
  ] as const;
  const stat = 'stat rounded-xl bg-base-100 shadow-sm ring-1 ring-base-200';
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {amounts.map(([label, amount]) => (
        <div key={label} className={stat}>
          <dt className="stat-title whitespace-normal">{t(label)}</dt>
          <dd className={`stat-value text-2xl tabular-nums wrap-anywhere ${amount < 0 ? 'text-error' : 'text-primary'}`}>{money(amount)}</dd>
        </div>
      ))}
      {payouts.map(([label, { count, amount }]) => (
        <div key={label} className={stat}>
          <dt className="stat-title whitespace-normal">{t(label)}</dt>
          <dd className="stat-value text-2xl tabular-nums wrap-anywhere">{money(amount)}</dd>
          <dd className="stat-desc">{t('money.count', { count, shown: number(count) })}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One sum of a provider: the books' figure, and the provider's own beside it when it reported one. */
function Compared({ name, report }: { name: keyof Sums; report: Report }) {
  const t = useT('admin');
  const says = report.providerSays?.[name];
  const differs = says !== undefined && says !== report.books[name];
  return (
    <div className="whitespace-nowrap">
      <span className="block">{t('money.books', { amount: money(report.books[name]) })}</span>
      <span className={`block text-sm ${differs ? 'font-semibold text-error' : 'text-base-content/75'}`}>
        {says === undefined ? t('money.noReport') : t('money.says', { amount: money(says) })}
      </span>
    </div>
  );
}

/** Whether a provider's own records agree with the books: matches, does not match, or not compared (a real provider's report is not fetched). */
function Verdict({ matches }: { matches: boolean | null }) {
  const t = useT('admin');
  if (matches === null) return <span className="badge badge-ghost h-auto whitespace-normal">{t('money.notCompared')}</span>;
  return matches ? (
    <span className="badge badge-success">{t('money.matches')}</span>
  ) : (
    <span className="badge badge-error h-auto whitespace-normal text-white">{t('money.differs')}</span>
  );
}

/** The reconciliation (issue 32): per provider, what the books say it took, refunded and paid out against what it says. */
export function Reconciliation({ providers }: { providers: MoneyOverview['providers'] }) {
  const t = useT('admin');
  return (
    <DataTable<Report>
      caption={t('money.reconcileCaption')}
      columns={[{ label: t('money.provider'), rowHeader: true }, t('money.taken'), t('money.refunded'), t('money.paidOut'), t('money.verdict')]}
      rows={providers}
      loading={false}
      empty={t('money.noProviders')}
      rowKey={(r) => r.provider}
      cells={(r) => [
        providerIds[r.provider] ? t(providerIds[r.provider]!) : r.provider,
        <Compared name="taken" report={r} />,
        <Compared name="refunded" report={r} />,
        <Compared name="paidOut" report={r} />,
        <Verdict matches={r.matches} />,
      ]}
    />
  );
}
