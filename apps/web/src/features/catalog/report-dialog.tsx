import type { Product, ReportReason } from '@market/contract';
import { maxLength, reportReasons, textProblem } from '@market/contract/rules';
import { useId, useState } from 'react';
import { DialogActions } from '../../components/dialog-actions.tsx';
import { digits, reportReasonName } from '../../components/listing-words.ts';
import { useModal } from '../../components/use-modal.ts';
import { errorMessage } from '../../lib/errors.ts';
import { said, useFieldRules } from '../../lib/field-rules.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useReportMutation } from './api.ts';

/** The API's refusal of a second report by the same user: by its code, or (an API without codes) its English words. */
function alreadyReported(err: unknown, message: string): boolean {
  const code = (err as { data?: { code?: unknown } } | undefined)?.data?.code;
  return code === 'already_reported' || message === 'You have already reported this phone';
}

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
  const t = useT('catalog');
  useFieldRules();
  const titleId = useId();
  const textId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [report, { isLoading }] = useReportMutation();
  const done = () => {
    notify.success(translate('report.done', { name: product.productName }));
    onReported();
  };

  const submit = async () => {
    if (!reason) return setProblem(t('report.chooseReason'));
    const words = text.trim();
    if (reason === 'other' && words === '') return setProblem(t('report.sayWhat'));
    const tooLong = words ? textProblem(words, maxLength.reportText) : null;
    if (tooLong) return setProblem(String(said(t('report.yourWords'), tooLong, maxLength.reportText)));
    setProblem(null);
    try {
      await report({ productId: product._id, reason, ...(words ? { text: words } : {}) }).unwrap();
      done();
    } catch (err) {
      const message = errorMessage(err, translate('toast.somethingWentWrong'));
      // Reported before (from another device): the same as now. Known by the refusal's code (its words follow the language).
      if (alreadyReported(err, message)) done();
      else notify.error(message);
    }
  };

  return (
    <dialog ref={ref} className="modal" onClose={onClose} aria-labelledby={titleId}>
      <div className="modal-box">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute right-2 top-2" onClick={onClose} aria-label={t('dialog.close')}>
          ✕
        </button>
        <h2 id={titleId} className="mb-1 text-xl font-bold">
          {t('report.title')}
        </h2>
        <p className="mb-3 text-sm text-base-content/75 wrap-anywhere">{t('report.intro', { name: product.productName })}</p>
        <fieldset className="space-y-1" aria-describedby={problem ? `${textId}-problem` : undefined}>
          <legend className="mb-1 font-semibold">{t('report.why')}</legend>
          {reportReasons.map((r) => (
            <label key={r} className="flex cursor-pointer items-center gap-2 py-1">
              <input type="radio" name="reason" className="radio radio-sm" checked={reason === r} onChange={() => setReason(r)} />
              {reportReasonName(r)}
            </label>
          ))}
        </fieldset>
        <label className="mt-3 block">
          <span className="label-text">{reason === 'other' ? t('report.whatIsWrong') : t('report.anythingToAdd')}</span>
          <textarea id={textId} rows={3} className="textarea textarea-bordered mt-1 w-full" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <p className="flex justify-between gap-3 text-sm">
          <span id={`${textId}-problem`} className="text-error" role={problem ? 'alert' : undefined}>
            {problem}
          </span>
          <span className="shrink-0 tabular-nums text-base-content/75">
            {digits(text.trim().length)}/{digits(maxLength.reportText)}
          </span>
        </p>
        <DialogActions label={t('report.send')} busy={isLoading} onConfirm={submit} onCancel={onClose} danger />
      </div>
    </dialog>
  );
}
