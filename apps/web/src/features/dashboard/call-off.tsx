import { transitionsFrom, type Order } from '@market/contract';
import { dhakaToday } from '@market/contract/rules';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { attempt } from '../../lib/attempt.ts';
import { useT } from '../../lib/i18n.ts';

/**
 * Whether a party may call deal `o` off now (issue 31): the process lets them (accepted, paid or locked: deal.ts
 * `call_off`), and its meeting day is over in Bangladesh, or the deal is locked. The server checks the same.
 */
export const canCallOff = (o: Order, side: 'buyer' | 'seller') =>
  transitionsFrom(o.state, side).includes('call_off') && (o.state === 'locked' || o.meetingDate < dhakaToday());

/** Call off, asking first and saying what follows (a protected payment is refunded in full); then the deal is cancelled. */
export function CallOff({ order: o, side, callOff }: { order: Order; side: 'buyer' | 'seller'; callOff(id: string): Promise<unknown> }) {
  const t = useT('dashboard');
  const [asking, setAsking] = useState(false);
  if (!canCallOff(o, side)) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-xs"
        onClick={() => setAsking(true)}
        aria-label={t('callOff.label', { product: o.productName })}
      >
        {t('callOff.button')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('callOff.title')}
        text={t(o.paid ? 'callOff.textPaid' : 'callOff.textCash', { product: o.productName })}
        confirmLabel={t('callOff.confirm')}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          setAsking(false);
          await attempt(() => callOff(o._id), t('callOff.done'));
        }}
      />
    </>
  );
}
