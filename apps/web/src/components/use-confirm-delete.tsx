import { useState } from 'react';
import { notify } from '../lib/notify.ts';
import { errorMessage } from '../lib/errors.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Deletions ask 'Are you sure?' / "You won't be able to revert this!" / 'Yes, delete it!',
 * then show 'Deleted!' (or the server's reason).
 */
export function useConfirmDelete(remove: (id: string) => Promise<unknown>) {
  const [target, setTarget] = useState<string | null>(null);
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title="Are you sure?"
      text="You won't be able to revert this!"
      confirmLabel="Yes, delete it!"
      onCancel={() => setTarget(null)}
      onConfirm={async () => {
        const id = target;
        setTarget(null);
        if (!id) return;
        try {
          await remove(id);
          notify.success('Deleted!');
        } catch (err) {
          notify.error(errorMessage(err, 'Something went wrong'));
        }
      }}
    />
  );
  return { ask: setTarget, dialog };
}

/** The red Delete button of every dashboard table. */
export function DeleteButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" className="btn btn-error btn-xs text-white" onClick={onClick} aria-label={label}>
      Delete
    </button>
  );
}
