import type { NumberCodeSent, NumberConfirmed } from '@market/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { plainDigits, smsCodeRule, useFieldRules, walletRule } from '../../../lib/field-rules.ts';
import { number as shownNumber } from '../../../lib/format.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { userRefreshed } from '../../../lib/session.ts';
import { useAppDispatch } from '../../../lib/shared-state.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useConfirmMyNumberMutation, useSendNumberCodeMutation } from './mobile-number-api.ts';

const failed = () => translate('toast.somethingWentWrong');

/**
 * The number to confirm: checked as the server checks it; a refusal (a limit, the same number again) said under it.
 * `focus`: opened by the person (Change number, Use another number), so the keyboard goes to it.
 */
function NumberForm({ label, focus, onSent, onCancel }: { label: string; focus: boolean; onSent(sent: NumberCodeSent): void; onCancel?: () => void }) {
  const t = useT('auth');
  const [send, sending] = useSendNumberCodeMutation();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{ number: string }>({ defaultValues: { number: '' } });
  useEffect(() => {
    if (focus) setFocus('number');
  }, [focus, setFocus]);

  const submit = async ({ number }: { number: string }) => {
    try {
      onSent(await send({ number: number.trim() }).unwrap());
    } catch (err) {
      setError('number', { message: errorMessage(err, failed()) }, { shouldFocus: true });
    }
  };
  return (
    <form className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
      <Field label={label} error={formState.errors.number?.message} hint={t('mobileNumber.hint')}>
        <input
          className="input input-bordered mt-1 w-full max-w-64"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          {...register('number', walletRule(label, t('mobileNumber.required')))}
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={sending.isLoading}>
          {sending.isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('mobileNumber.send')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('mobileNumber.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The code sent by SMS (6 digits, 10 minutes, 5 tries), as the payout wallet's is entered: a wrong one is said under
 * the field; a new code goes to the same number; another number starts again.
 */
function CodeForm({
  sent,
  confirmedBefore,
  onConfirmed,
  onAnother,
}: {
  sent: NumberCodeSent;
  confirmedBefore: string | undefined;
  onConfirmed(done: NumberConfirmed): void;
  onAnother(): void;
}) {
  const t = useT('auth');
  const textId = useId();
  const [confirm, confirming] = useConfirmMyNumberMutation();
  const [resend, resending] = useSendNumberCodeMutation();
  const label = t('mobileNumber.codeLabel');
  const { register, handleSubmit, reset, setError, setFocus, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  useEffect(() => setFocus('code'), [setFocus]);

  const submit = async ({ code }: { code: string }) => {
    try {
      onConfirmed(await confirm(plainDigits(code)).unwrap());
    } catch (err) {
      // 'That is not the code we sent: 4 tries left', said where the code is typed.
      setError('code', { message: errorMessage(err, failed()) }, { shouldFocus: true });
    }
  };
  const sendAgain = async () => {
    try {
      await resend({ number: sent.number }).unwrap();
      reset({ code: '' });
      setFocus('code');
      notify.success(translate('mobileNumber.resent', { number: sent.number }));
    } catch (err) {
      setError('code', { message: errorMessage(err, failed()) }, { shouldFocus: true });
    }
  };

  return (
    <form className="space-y-3 rounded-box bg-base-200 p-4" onSubmit={handleSubmit(submit)} noValidate aria-describedby={textId}>
      <div id={textId}>
        <p>{t('mobileNumber.sent', { number: sent.number, minutes: shownNumber(sent.minutes) })}</p>
        {confirmedBefore && <p className="text-sm">{t('mobileNumber.oldStays', { number: confirmedBefore })}</p>}
      </div>
      <Field label={label} error={formState.errors.code?.message}>
        <input
          className="input input-bordered mt-1 w-full max-w-48 font-mono text-xl tracking-[0.3em]"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...register('code', smsCodeRule(label, t('mobileNumber.codeRequired')))}
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={confirming.isLoading}>
          {confirming.isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('mobileNumber.confirm')}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void sendAgain()} disabled={resending.isLoading}>
          {resending.isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('mobileNumber.resend')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onAnother}>
          {t('mobileNumber.another')}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Mobile number' on a Seller's account page (issue 36, decision 062): the number they confirmed, or none; a number
 * field and Send code, then the code from the SMS. Confirmed, it says which of their phones went on sale. Opened from a
 * held listing's notice (#mobile-number), the keyboard starts here.
 */
export function MobileNumberSection() {
  const { user } = useAuth();
  const t = useT('auth');
  useFieldRules();
  const dispatch = useAppDispatch();
  const { hash } = useLocation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const [sent, setSent] = useState<NumberCodeSent | null>(null);
  const [changing, setChanging] = useState(false);
  /** The person has asked for the number form (not the page's first view): the keyboard goes to it. */
  const [asked, setAsked] = useState(false);
  const [done, setDone] = useState<NumberConfirmed | null>(null);
  const seller = user?.role === 'Seller';

  useEffect(() => {
    if (seller && hash === '#mobile-number') {
      // Focus brings it into view (below the sticky bar: the section's scroll margin).
      heading.current?.focus();
    }
  }, [seller, hash]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (!user || !seller) return null;
  const confirmed = user.confirmedNumber;
  const count = (n: number) => ({ count: n, shown: shownNumber(n) });

  const onConfirmed = (answer: NumberConfirmed) => {
    dispatch(userRefreshed({ ...user, confirmedNumber: answer.confirmedNumber }));
    setSent(null);
    setChanging(false);
    setDone(answer);
    notify.success(translate('mobileNumber.done', { number: answer.confirmedNumber }));
  };
  const onSent = (answer: NumberCodeSent) => {
    setDone(null);
    setSent(answer);
  };

  return (
    <section id="mobile-number" aria-labelledby={headingId} className="card scroll-mt-20 bg-base-100 ring-1 ring-base-200">
      <div className="card-body gap-4">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {t('mobileNumber.title')}
        </h2>
        <p className="text-sm">{t('mobileNumber.intro')}</p>
        {confirmed ? (
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{t('mobileNumber.current', { number: confirmed })}</span>
            <span className="badge badge-success">{t('mobileNumber.verified')}</span>
          </p>
        ) : (
          <p className="flex flex-wrap items-center gap-2">
            <span>{t('mobileNumber.none')}</span>
            <span className="badge badge-warning">{t('mobileNumber.unverified')}</span>
          </p>
        )}
        {done && (
          <div ref={doneRef} tabIndex={-1} className="outline-none">
            <Notice tone="success">
              <p className="font-semibold">{t('mobileNumber.done', { number: done.confirmedNumber })}</p>
              {done.published > 0 && <p>{t('mobileNumber.published', count(done.published))}</p>}
              {done.stillChecked > 0 && <p>{t('mobileNumber.stillChecked', count(done.stillChecked))}</p>}
            </Notice>
          </div>
        )}
        {sent ? (
          <CodeForm
            sent={sent}
            confirmedBefore={confirmed}
            onConfirmed={onConfirmed}
            onAnother={() => {
              setAsked(true);
              setSent(null);
            }}
          />
        ) : !confirmed || changing ? (
          <NumberForm
            label={t(confirmed ? 'mobileNumber.newLabel' : 'mobileNumber.label')}
            focus={asked}
            onSent={onSent}
            {...(confirmed ? { onCancel: () => setChanging(false) } : {})}
          />
        ) : (
          <div>
            <button
              type="button"
              className="btn btn-outline btn-primary btn-sm"
              onClick={() => {
                setDone(null);
                setAsked(true);
                setChanging(true);
              }}
            >
              {t('mobileNumber.change')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
