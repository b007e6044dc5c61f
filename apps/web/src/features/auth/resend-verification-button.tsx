import { useAppDispatch } from '../../lib/shared-state.ts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { useResendVerificationMutation } from './api.ts';

/** Asks for a new confirmation link (POST /api/verification-email); the answer shows as a toast. */
export function ResendVerificationButton({ label = 'Send the link again', className = 'btn btn-sm' }: { label?: string; className?: string }) {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const dispatch = useAppDispatch();
  const onClick = async () => {
    try {
      notify.success((await resend().unwrap()).message);
    } catch (err) {
      notify.error(errorMessage(err, 'The link could not be sent, please try again'));
      // 409: confirmed already (in another tab or on another device), so the stored user is out of date.
      if ((err as { status?: unknown }).status === 409) dispatch(api.util.invalidateTags(['auth']));
    }
  };
  return (
    <button type="button" className={className} onClick={onClick} disabled={isLoading}>
      {isLoading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {label}
    </button>
  );
}
