import type { Product, ReportReason } from '@market/contract';
import { maxLength, reportReasonNames, reportReasons, textProblem } from '@market/contract/rules';
import { useId, useState } from 'react';
import { DialogActions } from '../../components/dialog-actions.tsx';
import { useModal } from '../../components/use-modal.ts';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { useReportMutation } from './api.ts';

interface Props {
  product: Product;
  open: boolean;
  /** Called once the report is filed (or was already): the spec's toast has been shown. */
  onReported(): void;
  onClose(): void;
}

/** 'Report' asks why (issue 16): a reason, a few words (needed for Other), then it confirms with the spec's toast. */
export function ReportDialog({ product, open, onReported, onClose }: Props) {
  const ref = useModal(open);
  const titleId = useId();
  const textId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [report, { isLoading }] = useReportMutation();
  const done = () => {
    notify.success(`${product.productName} reported successfully`);
    onReported();
  };

  const submit = async () => {
    if (!reason) return setProblem('Choose why you are reporting this phone');
    const words = text.trim();
    if (reason === 'other' && words === '') return setProblem('Say in a few words what is wrong');
    const tooLong = words ? textProblem(words, maxLength.reportText) : null;
    if (tooLong) return setProblem(`Your words ${tooLong}`);
    setProblem(null);
    try {
      await report({ productId: product._id, reason, ...(words ? { text: words } : {}) }).unwrap();
      done();
    } catch (err) {
      const message = errorMessage(err, 'Something went wrong');
      // Reported before (from another device): the same as now.
      if (message === 'You have already reported this phone') done();
      else notify.error(message);
    }
  };

  return (
    <dialog ref={ref} className="modal" onClose={onClose} aria-labelledby={titleId}>
      <div className="modal-box">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute right-2 top-2" onClick={onClose} aria-label="Close">
          ✕
        </button>
        <h2 id={titleId} className="mb-1 text-xl font-bold">
          Report this phone
        </h2>
        <p className="mb-3 text-sm text-base-content/75 wrap-anywhere">{product.productName}: an administrator will look at it. It stays listed until then.</p>
        <fieldset className="space-y-1" aria-describedby={problem ? `${textId}-problem` : undefined}>
          <legend className="mb-1 font-semibold">Why are you reporting it?</legend>
          {reportReasons.map((r) => (
            <label key={r} className="flex cursor-pointer items-center gap-2 py-1">
              <input type="radio" name="reason" className="radio radio-sm" checked={reason === r} onChange={() => setReason(r)} />
              {reportReasonNames[r]}
            </label>
          ))}
        </fieldset>
        <label className="mt-3 block">
          <span className="label-text">{reason === 'other' ? 'What is wrong' : 'Anything to add (optional)'}</span>
          <textarea id={textId} rows={3} className="textarea textarea-bordered mt-1 w-full" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <p className="flex justify-between gap-3 text-sm">
          <span id={`${textId}-problem`} className="text-error" role={problem ? 'alert' : undefined}>
            {problem}
          </span>
          <span className="shrink-0 tabular-nums text-base-content/75">
            {text.trim().length}/{maxLength.reportText}
          </span>
        </p>
        <DialogActions label="Send report" busy={isLoading} onConfirm={submit} onCancel={onClose} danger />
      </div>
    </dialog>
  );
}
