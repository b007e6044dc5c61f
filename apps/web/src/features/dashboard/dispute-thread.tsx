import type { Dispute } from '@market/contract';
import { localDateTime } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

type Message = Dispute['messages'][number];
/** Who reads the thread: an Admin, or one side of the deal. */
export type Reader = 'admin' | 'buyer' | 'seller';

/** What a message's first words say, as `reader` sees it: an Admin's question to them stands out. */
function useSaid(reader: Reader) {
  const t = useT('dashboard');
  return (m: Message) => {
    if (m.from === 'admin') return m.to === reader ? t('disputeThread.asksYou') : t('disputeThread.asks', { to: m.to ?? 'seller' });
    return m.from === reader ? t('disputeThread.you') : t('disputeThread.from', { from: m.from });
  };
}

/**
 * A dispute's questions and answers (issue 32), oldest first: an Admin's questions to either side and what the sides
 * wrote. Both sides and the Admins read the same thread; a question to the reader is highlighted.
 */
export function DisputeThread({ messages, reader }: { messages: Dispute['messages']; reader: Reader }) {
  const t = useT('dashboard');
  const said = useSaid(reader);
  if (messages.length === 0) return null;
  return (
    <ol className="mt-1 space-y-1 text-sm text-base-content" aria-label={t('disputeThread.label')}>
      {messages.map((m, i) => (
        <li
          key={`${m.at}-${i}`}
          className={`rounded-box p-2 wrap-anywhere ${m.from === 'admin' && m.to === reader ? 'border-l-4 border-warning bg-warning/15' : 'bg-base-200'}`}
        >
          <span className="block font-semibold">{said(m)}</span> <span className="block whitespace-pre-line">{m.text}</span>
          <time dateTime={m.at} className="block text-xs text-base-content/75">
            {localDateTime(m.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}

/** The Admins' latest question to `side` (null: none yet). */
export const lastQuestionTo = (messages: Dispute['messages'], side: 'buyer' | 'seller') =>
  messages.findLast((m) => m.from === 'admin' && m.to === side) ?? null;
