import type { ReactNode } from 'react';
import { ResendVerificationButton } from '../resend-verification-button.tsx';
import { useAuth } from '../../../lib/use-auth.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { MobileNumberSection } from './mobile-number.tsx';
import { LogOutEverywhere } from './log-out-everywhere.tsx';
import { useT } from '../../../lib/i18n.ts';
import { roleName } from '../role-name.ts';

/**
 * Every role's own account: who they are, whether the address is confirmed, the password, and every session;
 * `more` is what other features keep on the account (the app composes it: which e-mails come).
 */
export default function AccountPage({ more }: { more?: ReactNode }) {
  const { user } = useAuth();
  const t = useT('auth');
  if (!user) return null;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t('accountPage.title')}</h1>
      <div className="card bg-base-100 ring-1 ring-base-200">
        <div className="card-body gap-4">
          <h2 className="text-xl font-semibold">{t('accountPage.profile')}</h2>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <img src={user.userImg || '/favicon.svg'} alt={user.name} width="64" height="64" className="h-16 w-16 shrink-0 rounded-full object-cover" />
            <dl className="grid min-w-0 gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
              <dt className="font-semibold">{t('accountPage.name')}</dt>
              <dd className="wrap-anywhere">{user.name}</dd>
              <dt className="font-semibold">{t('auth.email')}</dt>
              <dd className="wrap-anywhere">{user.email}</dd>
              <dt className="font-semibold">{t('auth.role')}</dt>
              <dd>{roleName(user.role)}</dd>
              <dt className="font-semibold">{t('accountPage.address')}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                {user.emailVerified ? (
                  <span className="badge badge-success">{t('accountPage.confirmed')}</span>
                ) : (
                  <>
                    <span className="badge badge-warning">{t('accountPage.notConfirmed')}</span>
                    <ResendVerificationButton className="btn btn-outline btn-primary btn-xs" />
                  </>
                )}
              </dd>
            </dl>
          </div>
          {!user.emailVerified && <p className="text-sm">{t('accountPage.until')}</p>}
        </div>
      </div>
      {/* A Seller's mobile number (issue 36): their new listings go on sale once it is confirmed. */}
      <MobileNumberSection />
      {more}
      <ChangePasswordForm />
      <LogOutEverywhere />
    </section>
  );
}
