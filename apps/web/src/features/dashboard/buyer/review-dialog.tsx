import type { Order } from '@market/contract';
import { maxLength, maxStars, messages, minStars, textProblem } from '@market/contract/rules';
import { useId, useState } from 'react';
import { digits } from '../../../components/listing-words.ts';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { WordsField } from '../../../components/words-field.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDate, number } from '../../../lib/format.ts';
import { useT, type Key } from '../../../lib/i18n.ts';
import { useEditReviewMutation, useReviewMutation } from './api.ts';

const starValues = Array.from({ length: maxStars }, (_, i) => i + 1);
/** What each number of stars says, by its text's id. */
const starWords: Record<number, Key<'dashboard'>> = {
  1: 'reviewDialog.star1',
  2: 'reviewDialog.star2',
  3: 'reviewDialog.star3',
  4: 'reviewDialog.star4',
  5: 'reviewDialog.star5',
};

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
  const t = useT('dashboard');
  const starWord = (n: number) => t(starWords[n]!);
  // The contract's words (the server's, in English) in the page's language; the English is the same.
  const wordsProblem = (found: string | null) => {
    if (found === null) return null;
    return found === messages.control ? t('reviewDialog.control') : t('reviewDialog.tooLong', { max: digits(maxLength.review) });
  };

  const send = async () => {
    const words = text.trim();
    const missing = stars === null ? t('reviewDialog.chooseStars', { min: number(minStars), max: number(maxStars) }) : null;
    const found = words === '' ? null : wordsProblem(textProblem(words, maxLength.review));
    setStarsProblem(missing);
    setProblem(found);
    if (missing || found) return;
    const body = { stars: stars!, ...(words ? { text: words } : {}) };
    await attempt(
      () => (existing ? edit({ id: existing._id, body }).unwrap() : create({ orderId: order._id, ...body }).unwrap()),
      t(existing ? 'reviewDialog.changed' : 'reviewDialog.published'),
    );
    onClose();
  };

  return (
    <dialog ref={ref} className="modal" onCancel={onClose} aria-labelledby={titleId}>
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-semibold">
          {t(existing ? 'reviewDialog.change' : 'myOrders.rate')}
        </h2>
        <p className="py-2">
          {t('reviewDialog.how', { name: order.productName })}
          {existing && ` ${t('reviewDialog.until', { date: localDate(existing.editableUntil) })}`}
        </p>
        <fieldset className="my-2" aria-describedby={hintId}>
          <legend className="label-text mb-1">{t('reviewDialog.stars')}</legend>
          <div className="flex flex-wrap gap-1">
            {starValues.map((n) => (
              <label key={n} className="cursor-pointer" title={starWord(n)}>
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
                  aria-label={t('reviewDialog.star', { count: n, shown: number(n), words: starWord(n) })}
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
            {starsProblem ? <span className="text-error">{starsProblem}</span> : stars !== null && starWord(stars)}
          </p>
        </fieldset>
        <WordsField
          label={t('reviewDialog.words')}
          rows={4}
          value={text}
          onChange={setText}
          problem={problem}
          hint={t('reviewDialog.atMost', { max: digits(maxLength.review) })}
        />
        <DialogActions label={t(existing ? 'reviewDialog.save' : 'reviewDialog.publish')} busy={busy} onConfirm={send} onCancel={onClose} />
      </div>
    </dialog>
  );
}
