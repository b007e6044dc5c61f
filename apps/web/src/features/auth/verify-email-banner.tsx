import { Suspense } from 'react';
import type { User } from '@market/contract';
import { ResendVerificationButton } from './resend-verification-button.tsx';
import { useAuth } from '../../lib/use-auth.ts';
import { useT } from '../../lib/i18n.ts';

/**
 * Below the navbar, for a signed-in user whose address is not confirmed yet (they can browse, but
 * not post, book or report). Nothing at all for anyone else, so signed-out pages do not shift.
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  // `=== false`: a user stored before the field existed shows nothing until GET /api/me says.
  if (!user || user.emailVerified !== false) return null;
  // Its own boundary: the page around it does not wait for the 'auth' catalog, the banner shows once it is in.
  return (
    <Suspense fallback={null}>
      <Banner user={user} />
    </Suspense>
  );
}

function Banner({ user }: { user: User }) {
  const t = useT('auth');
  const [before, after] = t('verifyBanner.text', { email: '\0' }).split('\0');
  return (
    <section aria-label={t('verifyBanner.label')} className="border-b border-warning/50 bg-warning/15">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="min-w-0 flex-1 wrap-anywhere">
          {before}
          <strong>{user.email}</strong>
          {after}
        </p>
        <ResendVerificationButton className="btn btn-outline btn-sm bg-base-100" />
      </div>
    </section>
  );
}
