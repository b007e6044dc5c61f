import { maxLength, textProblem } from '@market/contract/rules';
import { useId, useState } from 'react';
import { useModal } from './use-modal.ts';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Sends the act with its reason; it resolves once the act is done (the dialog then closes). */
  onConfirm(reason: string): Promise<void>;
  onCancel(): void;
}

/** An Admin's act that asks why first (issue 16): the reason is kept in the audit log, and a warning mails it to the seller. */
export function ReasonDialog({ open, title, text, confirmLabel, onConfirm, onCancel }: Props) {
  const ref = useModal(open);
  const titleId = useId();
  const hintId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    const found = textProblem(reason, maxLength.reportText);
    if (found) return setProblem(`The reason ${found}`);
    setProblem(null);
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      setReason('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog ref={ref} className="modal" onCancel={onCancel} aria-labelledby={titleId}>
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="py-2">{text}</p>
        <label className="block">
          <span className="label-text">Reason</span>
          <textarea
            rows={3}
            className="textarea textarea-bordered mt-1 w-full"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={hintId}
            aria-invalid={problem ? true : undefined}
          />
        </label>
        <p id={hintId} className="text-sm">
          {problem ? <span className="text-error">{problem}</span> : <span className="text-base-content/75">Kept in the audit log with your name</span>}
        </p>
        <div className="mt-4 flex justify-end gap-3">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={confirm} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
