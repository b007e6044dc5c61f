import { useState } from 'react';
import { notify } from '../lib/notify.ts';
import { errorMessage } from '../lib/errors.ts';
import { translate, useT } from '../lib/i18n.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Deletions ask 'Are you sure?' / "You won't be able to revert this!" / 'Yes, delete it!',
 * then show 'Deleted!' (or the server's reason).
 */
export function useConfirmDelete(remove: (id: string) => Promise<unknown>) {
  const [target, setTarget] = useState<string | null>(null);
  const t = useT();
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={t('confirmDelete.title')}
      text={t('confirmDelete.text')}
      confirmLabel={t('confirmDelete.confirm')}
      onCancel={() => setTarget(null)}
      onConfirm={async () => {
        const id = target;
        setTarget(null);
        if (!id) return;
        try {
          await remove(id);
          notify.success(translate('confirmDelete.done'));
        } catch (err) {
          notify.error(errorMessage(err, translate('toast.somethingWentWrong')));
        }
      }}
    />
  );
  return { ask: setTarget, dialog };
}

/** The red Delete button of every dashboard table. */
export function DeleteButton({ label, onClick }: { label: string; onClick(): void }) {
  const t = useT();
  return (
    <button type="button" className="btn btn-error btn-xs text-white" onClick={onClick} aria-label={label}>
      {t('confirmDelete.button')}
    </button>
  );
}
