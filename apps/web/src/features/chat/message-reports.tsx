import type { ReportedMessage } from '@market/contract';
import { useId, useState } from 'react';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useModal } from '../../components/use-modal.ts';
import { LoadMore } from '../../components/load-more.tsx';
import { attempt } from '../../lib/attempt.ts';
import { localDateTime, number } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { paged } from '../../lib/pages.ts';
import { useDismissMessageReportsMutation, useMessageReportsInfiniteQuery, useReportedConversationQuery, useWarnSenderMutation } from './api.ts';
import { MessageItem } from './message-item.tsx';
import { messageReasonName } from './words.ts';

type Act = { kind: 'dismiss' | 'warn'; item: ReportedMessage };

/** The whole conversation of a reported message, read by an Admin: the server writes the reading in the audit log. */
function ConversationDialog({ item, onClose }: { item: ReportedMessage; onClose(): void }) {
  const t = useT('admin');
  const ref = useModal(true);
  const titleId = useId();
  // Every opening is a reading of its own (and the audit log's entry): never answered from the cache.
  const { data, isLoading, isError } = useReportedConversationQuery(item.conversationId, { refetchOnMountOrArgChange: true });
  return (
    <dialog ref={ref} className="modal" onCancel={onClose} aria-labelledby={titleId}>
      <div className="modal-box max-w-3xl">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute top-2 right-2" onClick={onClose} aria-label={t('dialog.close')}>
          ✕
        </button>
        <h2 id={titleId} className="pr-8 text-xl font-semibold wrap-anywhere">
          {data ? t('msgReports.conversationTitle', { buyer: data.buyer.name, seller: data.seller.name, product: data.productName }) : item.productName}
        </h2>
        <p className="mt-1 text-sm text-base-content/75">{t('msgReports.recorded')}</p>
        {isLoading && <Spinner />}
        {isError && <p className="py-4 text-error">{t('msgReports.readFailed')}</p>}
        {data && (
          <ol className="mt-3 flex flex-col gap-1" aria-label={t('msgReports.allMessages')}>
            {data.messages.map((m) => {
              const seller = m.senderId === data.seller._id;
              return (
                <MessageItem
                  key={m._id}
                  message={m}
                  mine={seller}
                  sender={t(seller ? 'msgReports.sellerName' : 'msgReports.buyerName', { name: seller ? data.seller.name : data.buyer.name })}
                  highlight={m._id === item.message._id}
                  warn
                />
              );
            })}
          </ol>
        )}
      </div>
    </dialog>
  );
}

/** One reported message: the messages before it, the message with its scam card, its reports, and the acts. */
function Reported({ item, onAct, onRead }: { item: ReportedMessage; onAct(kind: Act['kind']): void; onRead(): void }) {
  const t = useT('admin');
  const nameOf = (senderId: string) =>
    senderId === item.sender._id ? item.sender.name : (item.reports.find((r) => r.reporter._id === senderId)?.reporter.name ?? t('msgReports.otherPerson'));
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="card bg-base-100 ring-1 ring-base-200">
      <div className="card-body gap-3">
        <h2 id={headingId} className="text-lg font-semibold wrap-anywhere">
          {t('msgReports.about', { product: item.productName })}
        </h2>
        <p className="text-sm wrap-anywhere">{t('msgReports.sender', { name: item.sender.name, email: item.sender.email })}</p>
        <ol className="flex flex-col gap-1" aria-label={t('msgReports.messages')}>
          {item.context.map((m) => (
            <MessageItem key={m._id} message={m} mine={m.senderId === item.sender._id} sender={nameOf(m.senderId)} warn />
          ))}
          <MessageItem message={item.message} mine sender={item.sender.name} highlight warn />
        </ol>
        <section>
          <h3 className="font-semibold">{t('msgReports.reports', { count: item.reports.length, shown: number(item.reports.length) })}</h3>
          <ul className="mt-1 space-y-2 text-sm">
            {item.reports.map((r) => (
              <li key={r._id}>
                <span className="font-semibold">{r.reporter.name}</span>, <time dateTime={r.date}>{localDateTime(r.date)}</time>: {messageReasonName(r.reason)}
                {r.text && <q className="block wrap-anywhere">{r.text}</q>}
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-outline btn-sm" onClick={onRead} aria-label={t('msgReports.readAllOf', { product: item.productName })}>
            {t('msgReports.readAll')}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => onAct('dismiss')}
            aria-label={t('msgReports.dismissOf', { name: item.sender.name, product: item.productName })}
          >
            {t('msgReports.dismiss')}
          </button>
          <button
            type="button"
            className="btn btn-warning btn-sm"
            onClick={() => onAct('warn')}
            aria-label={t('msgReports.warnOf', { name: item.sender.name, product: item.productName })}
          >
            {t('msgReports.warn')}
          </button>
        </div>
        <p className="text-xs text-base-content/75">{t('msgReports.readNote')}</p>
      </div>
    </article>
  );
}

/**
 * The Admins' queue of reported messages (issue 33): each with the few messages before it, its reports, and what to
 * do: read the whole conversation (recorded in the audit log), dismiss the reports, or warn the sender (each asks
 * why, kept in the audit log; a warning mails the reason to the sender).
 */
export default function MessageReports() {
  const t = useT('admin');
  const list = useMessageReportsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const { rows, more } = paged(list);
  const [dismiss] = useDismissMessageReportsMutation();
  const [warn] = useWarnSenderMutation();
  const [act, setAct] = useState<Act | null>(null);
  const [reading, setReading] = useState<ReportedMessage | null>(null);

  return (
    <section>
      <h1 className="mb-2 text-2xl font-bold">{t('msgReports.title')}</h1>
      <p className="mb-4 max-w-3xl text-sm">{t('msgReports.intro')}</p>
      {list.isLoading ? (
        <Spinner />
      ) : rows?.length === 0 ? (
        <p className="py-12 text-center text-xl font-semibold text-base-content/70">{t('msgReports.empty')}</p>
      ) : (
        <div className="flex max-w-3xl flex-col gap-4">
          {rows?.map((item) => (
            <Reported key={item.message._id} item={item} onAct={(kind) => setAct({ kind, item })} onRead={() => setReading(item)} />
          ))}
        </div>
      )}
      <LoadMore more={more} />
      {reading && <ConversationDialog item={reading} onClose={() => setReading(null)} />}
      <ReasonDialog
        key={act ? `${act.kind}-${act.item.message._id}` : 'none'}
        open={act !== null}
        title={t(act?.kind === 'warn' ? 'msgReports.warnTitle' : 'msgReports.dismissTitle')}
        text={act ? t(act.kind === 'warn' ? 'msgReports.warnText' : 'msgReports.dismissText', { name: act.item.sender.name }) : ''}
        confirmLabel={t(act?.kind === 'warn' ? 'msgReports.warnConfirm' : 'msgReports.dismiss')}
        onCancel={() => setAct(null)}
        onConfirm={async (reason) => {
          if (!act) return;
          const id = act.item.message._id;
          setAct(null);
          if (act.kind === 'warn') await attempt(() => warn({ id, reason }).unwrap(), translate('msgReports.warned'));
          else await attempt(() => dismiss({ id, reason }).unwrap(), translate('msgReports.dismissed'));
        }}
      />
    </section>
  );
}
