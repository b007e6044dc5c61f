import { useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useT } from '../../../lib/i18n.ts';
import { AdjustBalance } from './adjust-balance.tsx';
import { MoneyFigures, Reconciliation } from './money-figures.tsx';
import { useMoneyOverviewQuery } from './money-api.ts';
import { PayoutList } from './payout-list.tsx';

/**
 * The Admins' Money (issue 32, decision 052): what the site holds and owes by the books, each provider reconciled with
 * them, every seller's payouts (the bank batch, and a bank payout marked paid or failed), and a seller's balance
 * adjusted with a reason.
 */
export default function Money() {
  const t = useT('admin');
  // Fetched again on every visit: money moves by itself (payments, timers, bKash's payouts).
  const overview = useMoneyOverviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const [sellerId, setSellerId] = useState('');
  const [chosen, setChosen] = useState(0);
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">{t('money.title')}</h1>
      <p className="max-w-3xl text-sm">{t('money.intro')}</p>
      <h2 className="sr-only">{t('money.figures')}</h2>
      {overview.isLoading ? (
        <Spinner label={t('money.loading')} />
      ) : overview.data ? (
        <>
          <MoneyFigures overview={overview.data} />
          <h2 className="text-xl font-semibold">{t('money.reconcile')}</h2>
          <Reconciliation providers={overview.data.providers} />
        </>
      ) : (
        <Notice tone="error" role="alert">
          {errorMessage(overview.error, t('money.failed'))}
        </Notice>
      )}
      <PayoutList
        onAdjust={(id) => {
          setSellerId(id);
          setChosen((n) => n + 1);
        }}
      />
      <AdjustBalance sellerId={sellerId} onSellerId={setSellerId} chosen={chosen} />
    </section>
  );
}
