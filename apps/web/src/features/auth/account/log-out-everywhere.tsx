import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/shared-state.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { signedOut } from '../../../lib/session.ts';
import { useLogoutEverywhereMutation } from './account-api.ts';
import { translate, useT } from '../../../lib/i18n.ts';

/** Ends every session of the account (a lost phone, a shared computer), this one too, after asking. */
export function LogOutEverywhere() {
  const [asking, setAsking] = useState(false);
  const [logoutEverywhere, { isLoading }] = useLogoutEverywhereMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const t = useT('auth');

  const run = async () => {
    setAsking(false);
    try {
      await logoutEverywhere().unwrap();
      navigate('/login', { replace: true });
      dispatch(signedOut());
      dispatch(api.util.resetApiState());
      notify.success(translate('logoutEverywhere.done'));
    } catch (err) {
      notify.error(errorMessage(err, translate('auth.tryAgain')));
    }
  };

  return (
    <div className="card bg-base-100 ring-1 ring-base-200">
      <div className="card-body gap-3">
        <h2 className="text-xl font-semibold">{t('logoutEverywhere.title')}</h2>
        <p className="text-sm">{t('logoutEverywhere.text')}</p>
        <div>
          <button type="button" className="btn btn-outline btn-error" onClick={() => setAsking(true)} disabled={isLoading}>
            {t('logoutEverywhere.button')}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('logoutEverywhere.question')}
        text={t('logoutEverywhere.questionText')}
        confirmLabel={t('logoutEverywhere.yes')}
        onCancel={() => setAsking(false)}
        onConfirm={run}
      />
    </div>
  );
}
