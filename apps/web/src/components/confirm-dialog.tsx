import { useId } from 'react';
import { useT } from '../lib/i18n.ts';
import { useModal } from './use-modal.ts';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/** A modal question with the spec's wording ('Are you sure?' …); native <dialog> for focus and Escape. */
export function ConfirmDialog({ open, title, text, confirmLabel, onConfirm, onCancel }: Props) {
  const ref = useModal(open);
  const t = useT();
  // A page may hold several questions (delete, mark sold): each names its own dialog.
  const titleId = useId();
  return (
    <dialog ref={ref} className="modal" onCancel={onCancel} aria-labelledby={titleId}>
      <div className="modal-box text-center">
        <div
          className="mx-auto mb-3 flex h-14 w-14 items-center justify-center rounded-full border-4 border-warning text-2xl font-bold text-warning"
          aria-hidden="true"
        >
          !
        </div>
        <h2 id={titleId} className="text-2xl font-semibold">
          {title}
        </h2>
        <p className="py-3">{text}</p>
        <div className="flex justify-center gap-3">
          <button type="button" className="btn btn-primary" onClick={onConfirm}>
            {confirmLabel}
          </button>
          <button type="button" className="btn btn-error text-white" onClick={onCancel}>
            {t('dialog.cancel')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
