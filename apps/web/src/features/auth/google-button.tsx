import { useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { useGoogleUserMutation } from './api.ts';
import { GooglePopupError, signInWithGooglePopup } from './google-popup.ts';
import { useCompleteSignIn } from './use-sign-in.ts';
import { currentLang, translate, useT } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * The spec's 'CONTINUE WITH GOOGLE': after its confirmation, the OpenID Connect popup
 * hands over an ID token, which POST /api/google-user verifies and turns into a session.
 * `to`: where to go afterwards (sign-up: '/'); by default where the user came from.
 */
export function GoogleButton({ to }: { to?: string }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [googleUser] = useGoogleUserMutation();
  const completeSignIn = useCompleteSignIn();
  const t = useT('auth');
  // Drawn by the server (the login page), it waits for the app: the popup is the app's.
  const ready = useHydrated();

  // Called straight from the confirm click, so the popup opens within the user's gesture.
  const signIn = async () => {
    setBusy(true);
    try {
      const idToken = await signInWithGooglePopup();
      const result = await googleUser({ idToken, language: currentLang() }).unwrap();
      completeSignIn(result, to);
      notify.success(translate('auth.signUpSuccess'));
    } catch (err) {
      notify.error(err instanceof GooglePopupError ? err.message : errorMessage(err, translate('googleSignIn.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn btn-outline w-full" onClick={() => setAsking(true)} disabled={busy || !ready}>
        <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true">
          <path
            fill="#FFC107"
            d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
          />
          <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
          <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3a12 12 0 0 1-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
        </svg>
        {t('googleSignIn.button')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('googleSignIn.title')}
        text={t('googleSignIn.text')}
        confirmLabel={t('googleSignIn.proceed')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void signIn();
        }}
      />
    </>
  );
}
