import type { Order } from '@market/contract';
import { maxLength, maxStars, minStars, textProblem } from '@market/contract/rules';
import { useId, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { WordsField } from '../../../components/words-field.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDate } from '../../../lib/format.ts';
import { useEditReviewMutation, useReviewMutation } from '../api.ts';

const starValues = Array.from({ length: maxStars }, (_, i) => i + 1);
const starWords = ['', 'Very bad', 'Bad', 'All right', 'Good', 'Excellent'];

/**
 * The buyer rates the seller of a paid order (1 to 5 stars, words optional), or changes that review while
 * the order says they still may (issue 16). The stars are radio buttons: arrow keys choose on a keyboard.
 */
export function ReviewDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const ref = useModal(true);
  const titleId = useId();
  const hintId = useId();
  const existing = order.review;
  const [stars, setStars] = useState<number | null>(existing?.stars ?? null);
  const [text, setText] = useState(existing?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [starsProblem, setStarsProblem] = useState<string | null>(null);
  const [create, created] = useReviewMutation();
  const [edit, edited] = useEditReviewMutation();
  const busy = created.isLoading || edited.isLoading;

  const send = async () => {
    const words = text.trim();
    const missing = stars === null ? `Choose from ${minStars} to ${maxStars} stars` : null;
    const found = words === '' ? null : textProblem(words, maxLength.review);
    setStarsProblem(missing);
    setProblem(found);
    if (missing || found) return;
    const body = { stars: stars!, ...(words ? { text: words } : {}) };
    await attempt(
      () => (existing ? edit({ id: existing._id, body }).unwrap() : create({ orderId: order._id, ...body }).unwrap()),
      existing ? 'Your review is changed' : 'Thank you: your review is published',
    );
    onClose();
  };

  return (
    <dialog ref={ref} className="modal" onCancel={onClose} aria-labelledby={titleId}>
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-semibold">
          {existing ? 'Change your review' : 'Rate the seller'}
        </h2>
        <p className="py-2">
          How was buying {order.productName}? Your stars and words are shown on the seller's page with your name.
          {existing && ` You can change them until ${localDate(existing.editableUntil)}.`}
        </p>
        <fieldset className="my-2" aria-describedby={hintId}>
          <legend className="label-text mb-1">Stars</legend>
          <div className="flex flex-wrap gap-1">
            {starValues.map((n) => (
              <label key={n} className="cursor-pointer" title={starWords[n]}>
                <input
                  type="radio"
                  name="stars"
                  value={n}
                  checked={stars === n}
                  onChange={() => {
                    setStars(n);
                    setStarsProblem(null);
                  }}
                  className="peer sr-only"
                  aria-label={`${n} ${n === 1 ? 'star' : 'stars'}: ${starWords[n]}`}
                />
                <span
                  aria-hidden="true"
                  className={`block rounded px-1 text-3xl peer-focus-visible:outline-2 peer-focus-visible:outline-primary ${stars !== null && n <= stars ? 'text-warning' : 'text-base-content/30'}`}
                >
                  ★
                </span>
              </label>
            ))}
          </div>
          <p id={hintId} className="mt-1 min-h-5 text-sm">
            {starsProblem ? <span className="text-error">{starsProblem}</span> : stars !== null && starWords[stars]}
          </p>
        </fieldset>
        <WordsField label="Your words (optional)" rows={4} value={text} onChange={setText} problem={problem} hint={`At most ${maxLength.review} characters`} />
        <DialogActions label={existing ? 'Save review' : 'Publish review'} busy={busy} onConfirm={send} onCancel={onClose} />
      </div>
    </dialog>
  );
}
