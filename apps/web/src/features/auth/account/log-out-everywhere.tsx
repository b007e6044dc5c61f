import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/shared-state.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { signedOut } from '../../../lib/session.ts';
import { useLogoutEverywhereMutation } from './account-api.ts';

/** Ends every session of the account (a lost phone, a shared computer), this one too, after asking. */
export function LogOutEverywhere() {
  const [asking, setAsking] = useState(false);
  const [logoutEverywhere, { isLoading }] = useLogoutEverywhereMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const run = async () => {
    setAsking(false);
    try {
      await logoutEverywhere().unwrap();
      navigate('/login', { replace: true });
      dispatch(signedOut());
      dispatch(api.util.resetApiState());
      notify.success('You are logged out everywhere');
    } catch (err) {
      notify.error(errorMessage(err, 'Something went wrong, please try again'));
    }
  };

  return (
    <div className="card bg-base-100 ring-1 ring-base-200">
      <div className="card-body gap-3">
        <h2 className="text-xl font-semibold">Log out everywhere</h2>
        <p className="text-sm">
          Signed in on a phone you lost, or on someone else's computer? This logs your account out on every browser and device, this one included.
        </p>
        <div>
          <button type="button" className="btn btn-outline btn-error" onClick={() => setAsking(true)} disabled={isLoading}>
            Log out everywhere
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        title="Log out everywhere?"
        text="Every browser and device signed in to your account will be logged out, this one included."
        confirmLabel="Yes, log out everywhere"
        onCancel={() => setAsking(false)}
        onConfirm={run}
      />
    </div>
  );
}
