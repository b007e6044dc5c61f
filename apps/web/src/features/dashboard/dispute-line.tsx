import { poishaOf, type Order } from '@market/contract';
import { useState } from 'react';
import { money } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { DisputeMessageDialog } from './dispute-message-dialog.tsx';
import { DisputeThread, lastQuestionTo } from './dispute-thread.tsx';

interface Props {
  order: Order;
  /** Whose page it is: the buyer's My Orders or the seller's Booking Requests. */
  side: 'buyer' | 'seller';
  /** Sends this side's answer in the deal's dispute (each side through its own call). */
  answer(id: string, text: string): Promise<unknown>;
}

/**
 * A deal's dispute as its buyer and its seller see it: the reason the buyer gave (issue 31), and once an Admin
 * decided it, what they decided: a full refund, the money released to the seller, or a split with the taka given back
 * (issue 32). Until then it says an Admin is deciding, and shows the Admins' questions and the sides' answers, a
 * question to this side highlighted, with a way to answer (or add to what was said) while the deal is in dispute.
 */
export function DisputeLine({ order, side, answer }: Props) {
  const t = useT('dashboard');
  const [writing, setWriting] = useState(false);
  const dispute = order.dispute;
  if (!dispute) return null;
  const open = order.state === 'disputed';
  const decided =
    dispute.decision === 'split'
      ? t('dispute.split', { amount: money(poishaOf(dispute.refundAmount ?? 0)) })
      : dispute.decision === 'refund'
        ? t('dispute.refunded')
        : dispute.decision === 'release'
          ? t('dispute.released')
          : null;
  const question = lastQuestionTo(dispute.messages, side);
  return (
    <>
      <div className="text-xs text-base-content/75">
        <span className="block">{t('dispute.open', { reason: t(`dispute.reason.${dispute.reason}`) })}</span>
        {open && <span className="block">{t(side === 'buyer' ? 'disputeThread.waitsBuyer' : 'disputeThread.waitsSeller')}</span>}
        <DisputeThread messages={dispute.messages} reader={side} />
        {decided && <span className="block">{decided}</span>}
        {open && (
          <button
            type="button"
            className="btn btn-outline btn-primary btn-xs mt-1"
            onClick={() => setWriting(true)}
            aria-label={t('disputeAnswer.label', { product: order.productName })}
          >
            {t('disputeAnswer.button')}
          </button>
        )}
      </div>
      {/* Outside the line's small, faded words, which it would inherit. */}
      {writing && (
        <DisputeMessageDialog
          title={t('disputeAnswer.title', { product: order.productName })}
          label={t('disputeAnswer.words')}
          hint={t(side === 'buyer' ? 'disputeAnswer.hintBuyer' : 'disputeAnswer.hintSeller')}
          sendLabel={t('disputeAnswer.send')}
          onSend={(text) => answer(order._id, text)}
          onSent={() => {
            setWriting(false);
            notify.success(t('disputeAnswer.sent'));
          }}
          onCancel={() => setWriting(false)}
        >
          {question && (
            <p className="rounded-box border-l-4 border-warning bg-warning/15 p-2 wrap-anywhere">
              <span className="block font-semibold">{t('disputeThread.asksYou')}</span> <span className="block whitespace-pre-line">{question.text}</span>
            </p>
          )}
        </DisputeMessageDialog>
      )}
    </>
  );
}
