import { maxLength, textProblem } from '@market/contract/rules';
import { Suspense, useId, useState } from 'react';
import { said, useFieldRules } from '../lib/field-rules.ts';
import { useT } from '../lib/i18n.ts';
import { DialogActions } from './dialog-actions.tsx';
import { WordsField } from './words-field.tsx';
import { useModal } from './use-modal.ts';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** The words asked for, their longest length and the line under them: an Admin's reason unless said otherwise. */
  label?: string;
  max?: number;
  hint?: string;
  /** The words may be left out (an approval's reason): then only what is typed is checked. */
  optional?: boolean;
  /** Sends the act with its reason; it resolves once the act is done (the dialog then closes). */
  onConfirm(reason: string): Promise<void>;
  onCancel(): void;
}

/**
 * An act that asks for words first (issue 16): an Admin's reason, kept in the audit log (a warning mails it to the
 * seller), or a seller's one answer to a review. It waits, unseen, for the forms' messages in the page's language:
 * the page behind it stays.
 */
export function ReasonDialog(props: Props) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

function Dialog({ open, title, text, confirmLabel, label: ownLabel, max = maxLength.reportText, hint: ownHint, optional = false, onConfirm, onCancel }: Props) {
  const ref = useModal(open);
  const t = useT();
  useFieldRules();
  const label = ownLabel ?? t('reasonDialog.reason');
  const hint = ownHint ?? t('reasonDialog.hint');
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    const found = optional && reason.trim() === '' ? null : textProblem(reason, max);
    // 'The reason is required', the contract's words in the page's language.
    if (found) return setProblem(String(said(t('reasonDialog.subject', { label: label.toLowerCase() }), found, max)));
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
        <WordsField label={label} value={reason} onChange={setReason} problem={problem} hint={hint} />
        <DialogActions label={confirmLabel} busy={busy} onConfirm={confirm} onCancel={onCancel} />
      </div>
    </dialog>
  );
}
