import type { DemoAccount } from '@market/contract';
import { useModal } from '../../components/use-modal.ts';
import { useDemoAccountsQuery } from './api.ts';

/** The spec's 'Use Demo Account' dialog: each demo login with its credentials and a Login button. */
export function DemoAccountsDialog({ open, onClose, onLogin }: { open: boolean; onClose(): void; onLogin(account: DemoAccount): void }) {
  const ref = useModal(open);
  const { data: accounts = [], isLoading, isError } = useDemoAccountsQuery(undefined, { skip: !open });

  return (
    <dialog ref={ref} className="modal" onClose={onClose} aria-labelledby="demo-title">
      <div className="modal-box">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute right-2 top-2" onClick={onClose} aria-label="Close">
          ✕
        </button>
        <h2 id="demo-title" className="mb-4 text-xl font-bold">
          Demo accounts
        </h2>
        {isLoading && <span className="loading loading-dots" aria-label="Loading" />}
        {isError && <p>Demo accounts are not available.</p>}
        <ul className="space-y-3">
          {accounts.map((account) => (
            <li key={account.email} className="flex items-center justify-between gap-3 rounded-lg bg-base-200 p-3">
              <div className="text-sm">
                <p className="font-semibold">{account.role}</p>
                <p>
                  Email: <code>{account.email}</code>
                </p>
                <p>
                  Password: <code>{account.password}</code>
                </p>
              </div>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => onLogin(account)} aria-label={`Login as ${account.role}`}>
                Login
              </button>
            </li>
          ))}
        </ul>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close demo accounts">
          close
        </button>
      </form>
    </dialog>
  );
}
