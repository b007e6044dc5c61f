import type { DemoAccount } from '@market/contract';
import { useModal } from '../../components/use-modal.ts';
import { useT } from '../../lib/i18n.ts';
import { useDemoAccountsQuery } from './api.ts';
import { roleName } from './role-name.ts';

/** The spec's 'Use Demo Account' dialog: each demo login with its credentials and a Login button. */
export function DemoAccountsDialog({ open, onClose, onLogin }: { open: boolean; onClose(): void; onLogin(account: DemoAccount): void }) {
  const ref = useModal(open);
  const t = useT('auth');
  const { data: accounts = [], isLoading, isError } = useDemoAccountsQuery(undefined, { skip: !open });

  return (
    <dialog ref={ref} className="modal" onClose={onClose} aria-labelledby="demo-title">
      <div className="modal-box">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute right-2 top-2" onClick={onClose} aria-label={t('demoAccounts.close')}>
          ✕
        </button>
        <h2 id="demo-title" className="mb-4 text-xl font-bold">
          {t('demoAccounts.title')}
        </h2>
        {isLoading && <span className="loading loading-dots" aria-label={t('loading')} />}
        {isError && <p>{t('demoAccounts.unavailable')}</p>}
        <ul className="space-y-3">
          {accounts.map((account) => (
            <li key={account.email} className="flex items-center justify-between gap-3 rounded-lg bg-base-200 p-3">
              <div className="text-sm">
                <p className="font-semibold">{roleName(account.role)}</p>
                <p>
                  {t('demoAccounts.email')} <code>{account.email}</code>
                </p>
                <p>
                  {t('demoAccounts.password')} <code>{account.password}</code>
                </p>
              </div>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => onLogin(account)}
                aria-label={t('demoAccounts.loginAs', { role: roleName(account.role) })}
              >
                {t('demoAccounts.login')}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={t('demoAccounts.closeDialog')}>
          {t('demoAccounts.backdrop')}
        </button>
      </form>
    </dialog>
  );
}
