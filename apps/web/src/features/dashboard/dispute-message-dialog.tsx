import { maxLength, textProblem } from '@market/contract/rules';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { DialogActions } from '../../components/dialog-actions.tsx';
import { useModal } from '../../components/use-modal.ts';
import { WordsField } from '../../components/words-field.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { said, useFieldRules } from '../../lib/field-rules.ts';
import { translate } from '../../lib/i18n.ts';

interface Props {
  title: string;
  /** What comes before the words: the question answered, or whom to ask. */
  children?: ReactNode;
  label: string;
  hint: string;
  sendLabel: string;
  /** Sends the words (trimmed); rejects with the API's refusal, which the dialog says. */
  onSend(text: string): Promise<unknown>;
  /** Sent: the caller closes the dialog and says so. */
  onSent(): void;
  onCancel(): void;
}

/**
 * Words written in a dispute (issue 32): an Admin's question to one side, or a side's answer. They are checked as the
 * server checks them (the contract's dispute length), and a refusal (the dispute decided meanwhile…) is said in the
 * dialog, in the page's language, with the words kept. Shown while mounted; it waits, unseen, for the forms' messages.
 */
export function DisputeMessageDialog(props: Props) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

function Dialog({ title, children, label, hint, sendLabel, onSend, onSent, onCancel }: Props) {
  const ref = useModal(true);
  useFieldRules();
  const titleId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const found = textProblem(text, maxLength.dispute);
    if (found) return setProblem(String(said(label, found, maxLength.dispute)));
    setProblem(null);
    setRefused(null);
    setBusy(true);
    try {
      await onSend(text.trim());
    } catch (err) {
      setRefused(errorMessage(err, translate('toast.somethingWentWrong')));
      setBusy(false);
      return;
    }
    setBusy(false);
    onSent();
  };
  return (
    <dialog ref={ref} className="modal" onCancel={onCancel} onClose={onCancel} aria-labelledby={titleId}>
      <div className="modal-box space-y-3">
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        {children}
        <WordsField label={label} value={text} onChange={setText} problem={problem} hint={hint} rows={4} />
        {refused && (
          <p role="alert" className="alert alert-error text-sm">
            {refused}
          </p>
        )}
        <DialogActions label={sendLabel} busy={busy} onConfirm={() => void send()} onCancel={onCancel} />
      </div>
    </dialog>
  );
}
