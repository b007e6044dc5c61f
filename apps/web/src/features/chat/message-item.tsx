import type { Message } from '@market/contract';
import { number } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { ScamCard } from './scam-card.tsx';
import { sentAt } from './words.ts';

interface Props {
  message: Message;
  /** Sent by the reader: on the right. */
  mine: boolean;
  /** Who sent it, as the reader knows them ('You' for their own). */
  sender: string;
  /** Under the reader's last messages: whether the other person has read it. */
  receipt?: 'seen' | 'sent' | null;
  /** The other person's message can be reported. */
  onReport?: (() => void) | undefined;
  /** The scam card's booking link, for the buyer of a phone still available. */
  bookTo?: string | null | undefined;
  /** The message an Admin is looking at, among those before it. */
  highlight?: boolean;
  /** Show the scam card (default: only under the other person's messages; an Admin sees every one). */
  warn?: boolean;
}

/**
 * One message of a thread (issue 33): who and when, its words and photos (thumbnails from the picture's sizes,
 * each opening the full picture), its receipt, a Report button on the other person's, and the scam card when the
 * server's detector found warning signs in the other person's message.
 */
export function MessageItem({ message: m, mine, sender, receipt = null, onReport, bookTo, highlight = false, warn = !mine }: Props) {
  const t = useT('dashboard');
  return (
    <li className="min-w-0">
      <div className={`chat ${mine ? 'chat-end' : 'chat-start'}`}>
        <div className="chat-header flex gap-2 text-xs">
          <span className="font-semibold">{sender}</span>
          <time dateTime={m.createdAt} className="text-base-content/75">
            {sentAt(m.createdAt)}
          </time>
        </div>
        <div
          className={`chat-bubble max-w-[85%] wrap-anywhere whitespace-pre-wrap sm:max-w-[70%] ${mine ? 'chat-bubble-primary' : 'bg-base-200 text-base-content'} ${
            highlight ? 'ring-2 ring-error ring-offset-2' : ''
          }`}
        >
          {m.body && <p>{m.body}</p>}
          {m.images.length > 0 && (
            <ul className={`flex flex-wrap gap-2 ${m.body ? 'mt-2' : ''}`}>
              {m.images.map((p, i) => (
                <li key={p.url}>
                  <a href={p.url} target="_blank" rel="noopener" className="block rounded-lg focus-visible:outline-2">
                    <img
                      src={p.url}
                      srcSet={p.srcset || undefined}
                      sizes="128px"
                      alt={t('thread.photo', { n: number(i + 1), count: number(m.images.length) })}
                      width="128"
                      height="128"
                      loading="lazy"
                      className="h-28 w-28 rounded-lg bg-base-300 object-cover sm:h-32 sm:w-32"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {(receipt || onReport) && (
          <div className="chat-footer mt-1 flex items-center gap-2 text-xs">
            {receipt && <span className="text-base-content/75">{t(receipt === 'seen' ? 'thread.seen' : 'thread.sent')}</span>}
            {onReport && (
              <button type="button" className="btn btn-ghost btn-xs" onClick={onReport} aria-label={t('thread.reportLabel', { name: sender })}>
                {t('thread.report')}
              </button>
            )}
          </div>
        )}
      </div>
      {/* The card warns the reader of the other person's message; its writer knows what they wrote. */}
      {m.signs.length > 0 && warn && (
        <div className={`max-w-xl ${mine ? 'ml-auto' : ''}`}>
          <ScamCard signs={m.signs} bookTo={bookTo} />
        </div>
      )}
    </li>
  );
}
