import type { MessageReportReason } from '@market/contract';
import { maxLength, textProblem } from '@market/contract/rules';
import { useId, useState } from 'react';
import { DialogActions } from '../../components/dialog-actions.tsx';
import { useModal } from '../../components/use-modal.ts';
import { WordsField } from '../../components/words-field.tsx';
import { attempt } from '../../lib/attempt.ts';
import { said, useFieldRules } from '../../lib/field-rules.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { useReportMessageMutation } from './api.ts';
import { messageReportReasons } from './chat-rules.ts';
import { messageReasonName } from './words.ts';

/**
 * Reports one of the other person's messages (issue 33): why (a scam, abuse, spam, or something else, which needs
 * a few words), then it joins the Admins' queue with the messages before it. Mounted while open.
 */
export function ReportMessageDialog({ messageId, name, onClose }: { messageId: string; name: string; onClose(): void }) {
  const t = useT('dashboard');
  useFieldRules();
  const ref = useModal(true);
  const titleId = useId();
  const [reason, setReason] = useState<MessageReportReason>('scam');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [report, { isLoading }] = useReportMessageMutation();
  const label = t('reportMessage.words');

  const confirm = async () => {
    const words = text.trim();
    const wrong = reason === 'other' || words ? textProblem(words, maxLength.reportText) : null;
    if (wrong) return setProblem(String(said(label, wrong, maxLength.reportText)));
    setProblem(null);
    await attempt(() => report({ id: messageId, reason, ...(words ? { text: words } : {}) }).unwrap(), translate('reportMessage.done'));
    onClose();
  };

  return (
    <dialog ref={ref} className="modal" onCancel={onClose} aria-labelledby={titleId}>
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-semibold">
          {t('reportMessage.title')}
        </h2>
        <p className="py-2">{t('reportMessage.text', { name })}</p>
        <fieldset className="mb-3 space-y-1">
          <legend className="label-text mb-1">{t('reportMessage.reason')}</legend>
          {messageReportReasons.map((r) => (
            <label key={r} className="flex cursor-pointer items-center gap-3">
              <input type="radio" name="message-report-reason" className="radio radio-primary radio-sm" checked={reason === r} onChange={() => setReason(r)} />
              <span>{messageReasonName(r)}</span>
            </label>
          ))}
        </fieldset>
        <WordsField
          label={label}
          value={text}
          onChange={setText}
          problem={problem}
          hint={t(reason === 'other' ? 'reportMessage.wordsNeeded' : 'reportMessage.wordsOptional')}
        />
        <DialogActions label={t('reportMessage.send')} busy={isLoading} onConfirm={() => void confirm()} onCancel={onClose} />
      </div>
    </dialog>
  );
}
