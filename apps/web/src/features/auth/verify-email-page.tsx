import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { useVerifyEmailMutation } from './api.ts';
import { ResendVerificationButton } from './resend-verification-button.tsx';
import { useAuth } from '../../lib/use-auth.ts';

type Outcome = { kind: 'waiting' } | { kind: 'confirmed'; email: string } | { kind: 'failed'; message: string };

export const INCOMPLETE_VERIFY_LINK = 'This link is incomplete: open the whole link from the e-mail, or ask for a new one.';

/**
 * Opened from the verification mail (`?token=`). It confirms only when the button is pressed:
 * mail scanners open every link they find, and must not confirm an address on the reader's behalf.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { user } = useAuth();
  const [verifyEmail, { isLoading }] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'waiting' } : { kind: 'failed', message: INCOMPLETE_VERIFY_LINK });

  const confirm = async () => {
    try {
      // The mutation invalidates 'auth': if this is the signed-in account, the stored user is read again.
      const { email } = await verifyEmail({ token }).unwrap();
      setOutcome({ kind: 'confirmed', email });
    } catch (err) {
      const message = errorMessage(err, 'Something went wrong, please try again');
      // A 400 is the link's fault (expired, used, or cut short); anything else may pass on a second try.
      if ((err as { status?: unknown }).status === 400) setOutcome({ kind: 'failed', message });
      else notify.error(message);
    }
  };

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="card bg-base-100 shadow-xl ring-1 ring-base-200">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">Confirm your e-mail address</h1>
          {/* Present from the start, so screen readers announce the outcome when it arrives; no gap while empty. */}
          <div role="status" className="empty:-mt-4">
            {outcome.kind === 'confirmed' && (
              <Notice tone="success">
                Your e-mail address is confirmed
                {user?.email === outcome.email ? '' : ` (${outcome.email})`}
              </Notice>
            )}
          </div>
          {outcome.kind === 'waiting' && (
            <>
              <p>Press the button to confirm that this address is yours. Then you can post phones, book them and report them.</p>
              <button type="button" className="btn btn-primary w-full" onClick={confirm} disabled={isLoading}>
                {isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                Confirm my e-mail address
              </button>
            </>
          )}
          {outcome.kind === 'confirmed' &&
            (user ? (
              <Link to="/" className="btn btn-primary w-full">
                Go to the home page
              </Link>
            ) : (
              <Link to="/login" className="btn btn-primary w-full">
                Log in
              </Link>
            ))}
          {outcome.kind === 'failed' && (
            <>
              <Notice tone="error" role="alert">
                {outcome.message}
              </Notice>
              {!user ? (
                <p className="text-center">
                  <Link to="/login" className="link link-primary">
                    Log in
                  </Link>{' '}
                  to ask for a new link.
                </p>
              ) : user.emailVerified ? (
                <Link to="/" className="btn btn-primary w-full">
                  Your address is confirmed already: go to the home page
                </Link>
              ) : (
                <ResendVerificationButton label="Send me a new link" className="btn btn-primary w-full" />
              )}
            </>
          )}
        </div>
      </div>
    </main>
  );
}
