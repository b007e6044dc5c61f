import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { useVerifyEmailMutation } from './api.ts';
import { ResendVerificationButton } from './resend-verification-button.tsx';
import { useAuth } from '../../lib/use-auth.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

/** `message`: the server's refusal of the link; none: the link was cut short (no token). */
type Outcome = { kind: 'waiting' } | { kind: 'confirmed'; email: string } | { kind: 'failed'; message?: string };

/**
 * Opened from the verification mail (`?token=`). It confirms only when the button is pressed:
 * mail scanners open every link they find, and must not confirm an address on the reader's behalf.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { user } = useAuth();
  const t = useT('auth');
  usePageTitle(t('verifyEmail.title'));
  const [verifyEmail, { isLoading }] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'waiting' } : { kind: 'failed' });

  const confirm = async () => {
    try {
      // The mutation invalidates 'auth': if this is the signed-in account, the stored user is read again.
      const { email } = await verifyEmail({ token }).unwrap();
      setOutcome({ kind: 'confirmed', email });
    } catch (err) {
      const message = errorMessage(err, translate('auth.tryAgain'));
      // A 400 is the link's fault (expired, used, or cut short); anything else may pass on a second try.
      if ((err as { status?: unknown }).status === 400) setOutcome({ kind: 'failed', message });
      else notify.error(message);
    }
  };

  const [logInBefore, logInAfter] = t('verifyEmail.logInForLink', { link: '\0' }).split('\0');
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="card bg-base-100 shadow-xl ring-1 ring-base-200">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">{t('verifyEmail.title')}</h1>
          {/* Present from the start, so screen readers announce the outcome when it arrives; no gap while empty. */}
          <div role="status" className="empty:-mt-4">
            {outcome.kind === 'confirmed' && (
              <Notice tone="success">
                {user?.email === outcome.email ? t('verifyEmail.confirmed') : t('verifyEmail.confirmedOther', { email: outcome.email })}
              </Notice>
            )}
          </div>
          {outcome.kind === 'waiting' && (
            <>
              <p>{t('verifyEmail.press')}</p>
              <button type="button" className="btn btn-primary w-full" onClick={confirm} disabled={isLoading}>
                {isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {t('verifyEmail.confirm')}
              </button>
            </>
          )}
          {outcome.kind === 'confirmed' &&
            (user ? (
              <Link to="/" className="btn btn-primary w-full">
                {t('verifyEmail.home')}
              </Link>
            ) : (
              <Link to="/login" className="btn btn-primary w-full">
                {t('auth.logIn')}
              </Link>
            ))}
          {outcome.kind === 'failed' && (
            <>
              <Notice tone="error" role="alert">
                {outcome.message ?? t('auth.incompleteLink')}
              </Notice>
              {!user ? (
                <p className="text-center">
                  {logInBefore}
                  <Link to="/login" className="link link-primary">
                    {t('auth.logIn')}
                  </Link>
                  {logInAfter}
                </p>
              ) : user.emailVerified ? (
                <Link to="/" className="btn btn-primary w-full">
                  {t('verifyEmail.alreadyConfirmed')}
                </Link>
              ) : (
                <ResendVerificationButton label={t('verifyEmail.sendNew')} className="btn btn-primary w-full" />
              )}
            </>
          )}
        </div>
      </div>
    </main>
  );
}
