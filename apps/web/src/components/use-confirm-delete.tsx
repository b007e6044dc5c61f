import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Deletions ask 'Are you sure?' / "You won't be able to revert this!" / 'Yes, delete it!',
 * then show 'Deleted!' (or the server's reason).
 */
export function useConfirmDelete(remove: (id: string) => Promise<unknown>, failure: (err: unknown) => string) {
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
          toast.success('Deleted!');
        } catch (err) {
          toast.error(failure(err));
        }
      }}
    />
  );
  return { ask: setTarget, dialog };
}
