import type { Role } from '@market/contract';
import { errorMessage } from '../lib/errors.ts';
import { translate, useT } from '../lib/i18n.ts';
import { notify } from '../lib/notify.ts';
import { useSavedIdsQuery, useSetSavedMutation } from '../lib/saved-api.ts';
import { useAuth } from '../lib/use-auth.ts';

/** Who keeps saved phones: the people of a deal (an Admin keeps none). */
const savers: readonly Role[] = ['Buyer', 'Seller'];

/** What the heart needs of a phone: its id, its seller (never one's own) and whether it is sold or expired (not saved anew). */
export interface Saveable {
  _id: string;
  status?: string;
  sellerId: { _id: string };
}

/**
 * A phone's heart (issue 34): a toggle button, pressed while the phone is saved, named "Save" or "Saved"; 44 px to
 * touch. Only for a signed-in Buyer or Seller, never on their own phone, nor on a sold one they had not saved;
 * signed out there is none (decision 054). It turns at once and turns back if the server refuses, saying why.
 */
export function SaveButton({ product, className = '' }: { product: Saveable; className?: string }) {
  const t = useT('common');
  const { user, role } = useAuth();
  const mayKeep = user !== null && role !== null && savers.includes(role) && product.sellerId._id !== user._id;
  const ids = useSavedIdsQuery(undefined, { skip: !mayKeep });
  const [setSaved] = useSetSavedMutation();
  if (!mayKeep || !ids.data) return null;
  const saved = ids.data.ids.includes(product._id);
  // Not saved anew once sold or expired (issue 36: the server refuses it); one saved before can still be removed.
  if (!saved && (product.status === 'sold' || product.status === 'expired')) return null;

  const toggle = async () => {
    try {
      await setSaved({ id: product._id, saved: !saved }).unwrap();
    } catch (err) {
      notify.error(errorMessage(err, translate('save.failed')));
    }
  };

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? t('save.saved') : t('save.save')}
      title={saved ? t('save.saved') : t('save.save')}
      onClick={() => void toggle()}
      className={`btn btn-circle h-11 min-h-11 w-11 border-base-300 bg-base-100/90 text-error shadow-sm hover:bg-base-100 ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        aria-hidden="true"
        fill={saved ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      >
        <path d="M12 20.5s-7.4-4.5-9.3-9C1.4 8.4 3.3 4.8 6.8 4.8c2.1 0 3.5 1.1 5.2 3 1.7-1.9 3.1-3 5.2-3 3.5 0 5.4 3.6 4.1 6.7-1.9 4.5-9.3 9-9.3 9z" />
      </svg>
    </button>
  );
}
