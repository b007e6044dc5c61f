import { useT } from '../lib/i18n.ts';

/** A dialog's Cancel and its act, which shows a spinner and waits while `busy`. */
export function DialogActions({
  label,
  busy,
  onConfirm,
  onCancel,
  danger = false,
}: {
  label: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
  danger?: boolean;
}) {
  const t = useT();
  return (
    <div className="mt-4 flex justify-end gap-3">
      <button type="button" className="btn" onClick={onCancel}>
        {t('dialog.cancel')}
      </button>
      <button type="button" className={danger ? 'btn btn-error text-white' : 'btn btn-primary'} onClick={onConfirm} disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {label}
      </button>
    </div>
  );
}
