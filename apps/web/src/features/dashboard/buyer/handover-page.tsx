import { handoverCodeLength } from '@market/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { QrCode } from '../../../components/qr-code.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { localDay } from '../../../lib/format.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { useHandoverCodeQuery } from './api.ts';

/** The three checks before the code (issue 31, item 3), by their catalog keys. */
const checks = ['imei', 'accounts', 'neir'] as const;

/**
 * The buyer's screen at the meeting (issue 31, item 3), made for one hand on a phone: the checklist first (the
 * IMEI the phone shows against the listing's last digits, signed out of its accounts, de-registered from NEIR), then
 * the 6-digit code in large type and its QR code for the seller to type or scan. The code is the buyer's word that
 * they have the phone: it shows only once the three checks are ticked.
 */
export default function HandoverPage() {
  const { id = '' } = useParams();
  const t = useT('dashboard');
  const { data, isLoading, error } = useHandoverCodeQuery(id);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState(false);
  const hintId = useId();
  const codeId = useId();
  const codeBox = useRef<HTMLElement>(null);
  const showing = shown && ticked.size === checks.length;
  // The button that showed the code is gone: focus moves to the code, scrolled into view under the checklist (a
  // phone's screen ends about there).
  useEffect(() => {
    if (!showing) return;
    codeBox.current?.focus();
    codeBox.current?.scrollIntoView({ block: 'start' });
  }, [showing]);
  const back = (
    <Link to="/dashboard/myOrders" className="btn btn-ghost btn-sm">
      ← {t('handover.back')}
    </Link>
  );
  if (isLoading) return <Spinner label={t('handover.loading')} />;
  if (!data)
    return (
      <section className="mx-auto max-w-md space-y-4">
        {back}
        <p role="alert" className="alert alert-warning">
          {errorMessage(error, translate('handover.notOpen'))}
        </p>
      </section>
    );
  const all = ticked.size === checks.length;
  const toggle = (check: string) =>
    setTicked((now) => {
      const next = new Set(now);
      if (!next.delete(check)) next.add(check);
      return next;
    });
  const words = {
    imei: data.imeiEnd ? t('handover.checkImei', { digits: data.imeiEnd }) : t('handover.checkImeiNone'),
    accounts: t('handover.checkAccounts'),
    neir: t('handover.checkNeir'),
  };
  const url = new URL(data.url, window.location.origin).href;
  return (
    <section className="mx-auto max-w-md space-y-4">
      {back}
      <h1 className="text-2xl font-bold">{t('handover.title', { product: data.productName })}</h1>
      <p className="text-sm text-base-content/75">{t('handover.meetingDay', { date: localDay(data.meetingDate) })}</p>
      <p>{t('handover.intro')}</p>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold">{t('handover.checklist')}</legend>
        {checks.map((check) => (
          <label key={check} className="flex min-h-12 cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-success">
            <input type="checkbox" className="checkbox checkbox-success mt-0.5" checked={ticked.has(check)} onChange={() => toggle(check)} />
            <span>{words[check]}</span>
          </label>
        ))}
      </fieldset>
      {showing ? (
        <section ref={codeBox} tabIndex={-1} aria-labelledby={codeId} className="scroll-mt-4 space-y-3 rounded-box bg-base-200 p-4 text-center outline-none">
          <h2 id={codeId} className="font-semibold">
            {t('handover.code')}
          </h2>
          {/* Spaced digits, read out one by one. */}
          <p className="font-mono text-5xl font-bold tracking-[0.2em] tabular-nums" aria-live="polite">
            {data.code.slice(0, handoverCodeLength / 2)} {data.code.slice(handoverCodeLength / 2)}
          </p>
          <QrCode text={url} label={t('handover.qr')} className="mx-auto w-full max-w-64" />
          <p className="text-sm">{t('handover.tellSeller')}</p>
          <p className="text-sm text-base-content/75">{t(data.payWith === 'protected' ? 'handover.protectedNote' : 'handover.cashNote')}</p>
        </section>
      ) : (
        <div className="space-y-1">
          <button
            type="button"
            className="btn btn-primary btn-lg w-full"
            disabled={!all}
            onClick={() => setShown(true)}
            aria-describedby={all ? undefined : hintId}
          >
            {t('handover.show')}
          </button>
          {!all && (
            <p id={hintId} className="text-center text-sm text-base-content/75">
              {t('handover.showHint')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
