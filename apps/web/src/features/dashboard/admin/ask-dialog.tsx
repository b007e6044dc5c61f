import type { Order } from '@market/contract';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { DisputeMessageDialog } from '../dispute-message-dialog.tsx';
import { useAskDisputeMutation } from './api.ts';

type Side = 'buyer' | 'seller';

/**
 * An Admin's question to one side of a deal in dispute (issue 32): whom to ask (the side whose button opened it, to
 * change here) and the question. The side asked is told and answers on their page; the thread then shows it.
 */
export function AskDialog({ order, to: first, onClose }: { order: Order; to: Side; onClose(): void }) {
  const t = useT('admin');
  const [to, setTo] = useState<Side>(first);
  const [ask] = useAskDisputeMutation();
  const name = useId();
  const sides: Array<[Side, string]> = [
    ['buyer', t('disputes.askTheBuyer', { buyer: order.buyerName })],
    ['seller', t('disputes.askTheSeller')],
  ];
  return (
    <DisputeMessageDialog
      title={t('disputes.askTitle', { product: order.productName })}
      label={t('disputes.question')}
      hint={t('disputes.questionHint')}
      sendLabel={t('disputes.askSend')}
      onSend={(text) => ask({ id: order._id, to, text }).unwrap()}
      onSent={() => {
        onClose();
        notify.success(t('disputes.asked', { to }));
      }}
      onCancel={onClose}
    >
      <fieldset>
        <legend className="mb-1 font-medium">{t('disputes.askWhom')}</legend>
        {sides.map(([side, label]) => (
          <label key={side} className="flex cursor-pointer items-center gap-3 py-1">
            <input type="radio" name={name} className="radio radio-primary radio-sm" checked={to === side} onChange={() => setTo(side)} />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
    </DisputeMessageDialog>
  );
}
