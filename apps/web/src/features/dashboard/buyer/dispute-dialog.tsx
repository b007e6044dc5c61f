import { disputePhotos, disputeReasons, type DisputeReason, type Order } from '@market/contract';
import { maxLength, textProblem } from '@market/contract/rules';
import { useId, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { WordsField } from '../../../components/words-field.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { localDateTime } from '../../../lib/format.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { scaledPicture } from '../../../lib/scale-picture.ts';
import { useUploadImageMutation } from '../../../lib/shared-api.ts';
import { useOpenDisputeMutation } from './api.ts';

/** Whether the buyer may still dispute deal `o` (issue 31): a protected deal handed over, its complaint window open. */
export const disputable = (o: Order, now: number) => o.state === 'handed_over' && o.windowEndsAt !== null && Date.parse(o.windowEndsAt) > now;

/**
 * The buyer's dispute of a protected deal in its complaint window (issue 31, item 3): why (one of the reasons), what
 * happened in their words, and up to 4 photos (uploaded as they are picked). It cannot be taken back: the dialog
 * says what follows (the money stays held until an Admin decides), and both sides are told.
 */
export function DisputeDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const t = useT('dashboard');
  const ref = useModal(true);
  const titleId = useId();
  const [reason, setReason] = useState<DisputeReason>('not_as_described');
  const [words, setWords] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [upload] = useUploadImageMutation();
  const [open, { isLoading }] = useOpenDisputeMutation();

  const add = async (files: FileList | null) => {
    const picked = [...(files ?? [])].slice(0, disputePhotos - photos.length);
    setUploading(true);
    try {
      for (const file of picked) {
        // A camera's photo goes made smaller (issue 35).
        const { url } = await upload(await scaledPicture(file)).unwrap();
        setPhotos((now) => [...now, url]);
      }
    } catch (err) {
      notify.error(errorMessage(err, translate('toast.somethingWentWrong')));
    } finally {
      setUploading(false);
    }
  };
  const send = async () => {
    if (textProblem(words, maxLength.dispute)) return setProblem(t('dispute.wordsRequired'));
    setProblem(null);
    await attempt(async () => {
      await open({ id: order._id, body: { reason, text: words.trim(), photos } }).unwrap();
      onClose();
    }, t('dispute.sent'));
  };

  return (
    <dialog ref={ref} className="modal" onCancel={onClose} onClose={onClose} aria-labelledby={titleId}>
      <div className="modal-box space-y-3">
        <h2 id={titleId} className="text-xl font-semibold">
          {t('dispute.title', { product: order.productName })}
        </h2>
        <p>{t('dispute.text', { time: order.windowEndsAt ? localDateTime(order.windowEndsAt) : '' })}</p>
        <fieldset className="space-y-1">
          <legend className="mb-1 font-medium">{t('dispute.why')}</legend>
          {disputeReasons.map((r) => (
            <label key={r} className="flex cursor-pointer items-center gap-3 py-1">
              <input type="radio" name="dispute-reason" className="radio radio-primary radio-sm" checked={reason === r} onChange={() => setReason(r)} />
              <span>{t(`dispute.reason.${r}`)}</span>
            </label>
          ))}
        </fieldset>
        <WordsField label={t('dispute.words')} value={words} onChange={setWords} problem={problem} hint={t('dispute.wordsHint')} rows={4} />
        <div>
          <span className="label-text">{t('dispute.photos', { max: disputePhotos })}</span>
          {photos.length > 0 && (
            <ul className="my-2 flex flex-wrap gap-2">
              {photos.map((url, i) => (
                <li key={url} className="relative">
                  <img src={url} alt={t('dispute.photo', { n: i + 1 })} width="72" height="72" className="h-18 w-18 rounded object-cover" />
                  <button
                    type="button"
                    className="btn btn-circle btn-xs absolute -right-2 -top-2"
                    onClick={() => setPhotos((now) => now.filter((p) => p !== url))}
                    aria-label={t('dispute.removePhoto', { n: i + 1 })}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
          {photos.length < disputePhotos && (
            <label className={`btn btn-outline btn-sm mt-1 ${uploading ? 'btn-disabled' : ''}`}>
              {uploading ? t('dispute.uploading') : t('dispute.addPhotos')}
              <input type="file" accept="image/*" multiple className="sr-only" disabled={uploading} onChange={(e) => void add(e.target.files)} />
            </label>
          )}
        </div>
        <DialogActions label={t('dispute.send')} busy={isLoading || uploading} onConfirm={() => void send()} onCancel={onClose} danger />
      </div>
    </dialog>
  );
}
