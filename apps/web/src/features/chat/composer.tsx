import type { MessageBody } from '@market/contract';
import { imageProblem, maxLength, textProblem } from '@market/contract/rules';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { digits } from '../../components/listing-words.ts';
import { said, useFieldRules } from '../../lib/field-rules.ts';
import { number } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { uploadPicture } from '../../lib/upload.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { maxMessagePhotos } from './chat-rules.ts';

/** A photo going with the message: on its way (`sent` of 1), on the server (`url`), or refused (`error`). */
interface Photo {
  key: string;
  preview: string;
  url: string | null;
  sent: number;
  error: string | null;
  abort: AbortController;
}

let serial = 0;

/** Enter sends where there is a keyboard to press Shift on (a pointer that hovers); on a phone Enter is a new line. */
const enterSends = () => typeof window.matchMedia !== 'function' || window.matchMedia('(hover: hover) and (pointer: fine)').matches;

/**
 * The words and photos of a message (issue 33): a labelled textarea (2000 characters, counted), up to 4 photos
 * uploaded as soon as they are chosen, and Send. `send` resolves true once the message is sent: the composer then
 * empties; on false (refused: the caller said why) what was written stays.
 */
export function Composer({ send, label }: { send(body: MessageBody): Promise<boolean>; label?: string }) {
  const t = useT('dashboard');
  useFieldRules();
  const { token } = useAuth();
  const id = useId();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const files = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  // What the handlers read: the photos as last shown.
  const latest = useRef(photos);
  useLayoutEffect(() => {
    latest.current = photos;
  });

  // Uploads under way when the composer goes away are stopped, and their previews let go.
  useEffect(
    () => () => {
      for (const p of latest.current) {
        p.abort.abort();
        URL.revokeObjectURL(p.preview);
      }
    },
    [],
  );

  const update = (key: string, change: Partial<Photo>) => setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const add = (chosen: File[]) => {
    const room = maxMessagePhotos - latest.current.length;
    const taken = chosen.slice(0, Math.max(0, room));
    const left = chosen.length - taken.length;
    setProblem(left > 0 ? translate('composer.tooMany', { max: number(maxMessagePhotos), left }) : null);
    const added = taken.map((file): Photo => {
      const key = `message-photo-${++serial}`;
      const preview = URL.createObjectURL(file);
      const abort = new AbortController();
      const refused = imageProblem(file);
      if (refused) return { key, preview, url: null, sent: 0, error: String(said(file.name, refused)), abort };
      uploadPicture(file, token, (sent) => update(key, { sent }), abort.signal).then(
        (url) => update(key, { url, sent: 1 }),
        (err: Error) => {
          if (err.name !== 'AbortError') update(key, { error: err.message });
        },
      );
      return { key, preview, url: null, sent: 0, error: null, abort };
    });
    setPhotos((list) => [...list, ...added]);
  };

  const remove = (key: string) => {
    const photo = latest.current.find((p) => p.key === key);
    photo?.abort.abort();
    if (photo) URL.revokeObjectURL(photo.preview);
    setProblem(null);
    setPhotos((list) => list.filter((p) => p.key !== key));
  };

  const uploading = photos.some((p) => p.url === null && p.error === null);
  const trimmed = text.trim();

  const submit = async () => {
    if (sending || uploading) return;
    if (photos.some((p) => p.error)) return setProblem(translate('composer.removeFailed'));
    const urls = photos.map((p) => p.url!);
    if (!trimmed && urls.length === 0) return setProblem(translate('composer.empty'));
    const wrong = trimmed ? textProblem(trimmed, maxLength.message) : null;
    if (wrong) return setProblem(String(said(label ?? t('composer.label'), wrong, maxLength.message)));
    setProblem(null);
    setSending(true);
    try {
      const sent = await send({ ...(trimmed ? { body: trimmed } : {}), ...(urls.length ? { images: urls } : {}) });
      if (sent) {
        setText('');
        for (const p of photos) URL.revokeObjectURL(p.preview);
        setPhotos([]);
        box.current?.focus();
      }
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing || !enterSends()) return;
    e.preventDefault();
    void submit();
  };

  const over = trimmed.length > maxLength.message;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('composer.photos')}>
          {photos.map((p, i) => (
            <li key={p.key} className="relative">
              <img src={p.preview} alt="" width="64" height="64" className={`h-16 w-16 rounded-lg object-cover ${p.error ? 'opacity-40' : ''}`} />
              {p.url === null && p.error === null && (
                <progress
                  className="progress progress-primary absolute inset-x-1 bottom-1 w-auto"
                  value={Math.round(p.sent * 100)}
                  max={100}
                  aria-label={t('composer.uploading', { n: number(i + 1) })}
                />
              )}
              <button
                type="button"
                className="btn btn-circle btn-xs absolute -top-2 -right-2"
                onClick={() => remove(p.key)}
                aria-label={t('composer.removePhoto', { n: number(i + 1) })}
              >
                ✕
              </button>
              {p.error && <span className="sr-only">{p.error}</span>}
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={id} className="sr-only">
        {label ?? t('composer.label')}
      </label>
      <textarea
        id={id}
        ref={box}
        rows={2}
        className="textarea textarea-bordered w-full resize-y"
        value={text}
        placeholder={t('composer.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-under`}
        aria-invalid={problem || over ? true : undefined}
      />
      <div id={`${id}-under`} className="flex items-start justify-between gap-x-3 text-sm">
        {/* The hint wraps beside the count, which keeps its place on the first line (a phone's narrow screen). */}
        <span role={problem ? 'alert' : undefined} className={`min-w-0 flex-1 ${problem ? 'text-error' : 'text-base-content/75'}`}>
          {problem ?? photos.find((p) => p.error)?.error ?? t('composer.hint', { max: number(maxMessagePhotos) })}
        </span>
        <span className={`shrink-0 tabular-nums ${over ? 'font-semibold text-error' : 'text-base-content/75'}`}>
          {digits(trimmed.length)}/{digits(maxLength.message)}
          <span className="sr-only"> {t('field.characters')}</span>
        </span>
      </div>
      <div className="flex items-center justify-between gap-2">
        <input
          ref={files}
          type="file"
          accept="image/*"
          multiple
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <button type="button" className="btn btn-outline btn-sm" disabled={photos.length >= maxMessagePhotos} onClick={() => files.current?.click()}>
          {t('composer.addPhotos')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={sending || uploading}>
          {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('composer.send')}
        </button>
      </div>
    </form>
  );
}
