import { useAppDispatch } from '../../lib/shared-state.ts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { useResendVerificationMutation } from './api.ts';
import { useAuth } from '../../lib/use-auth.ts';

/** Asks for a new confirmation link (POST /api/verification-email); the answer shows as a toast. */
export function ResendVerificationButton({ label, className = 'btn btn-sm' }: { label?: string; className?: string }) {
  const t = useT('auth');
  const [resend, { isLoading }] = useResendVerificationMutation();
  const { user } = useAuth();
  const dispatch = useAppDispatch();
  const onClick = async () => {
    try {
      await resend().unwrap();
      notify.success(translate('resendLink.sent', { email: user?.email ?? '' }));
    } catch (err) {
      notify.error(errorMessage(err, translate('resendLink.failed')));
      // 409: confirmed already (in another tab or on another device), so the stored user is out of date.
      if ((err as { status?: unknown }).status === 409) dispatch(api.util.invalidateTags(['auth']));
    }
  };
  return (
    <button type="button" className={className} onClick={onClick} disabled={isLoading}>
      {isLoading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {label ?? t('resendLink.label')}
    </button>
  );
}
