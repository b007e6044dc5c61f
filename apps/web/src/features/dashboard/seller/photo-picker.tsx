import { imageProblem, maxPictures } from '@market/contract/rules';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { said } from '../../../lib/field-rules.ts';
import { number } from '../../../lib/format.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { uploadPicture } from '../../../lib/upload.ts';

/** One photo of the listing: already on the server (`url`), on its way (`sent` of 1), or refused (`error`). */
export interface Photo {
  key: string;
  /** What the seller sees: the picture's own URL, or the chosen file's (an object URL). */
  preview: string;
  url: string | null;
  sent: number;
  error: string | null;
}

let serial = 0;
const nextKey = () => `photo-${++serial}`;

/**
 * A listing's photos, in the seller's order (the first is the cover): each chosen file is checked, then
 * uploaded at once, so its progress shows while the rest of the form is filled. `ready()` waits for
 * the uploads under way and answers the URLs, or what is wrong ('Enter your product picture').
 */
export function usePhotos(initial: string[]) {
  const { token } = useAuth();
  const [photos, setPhotos] = useState<Photo[]>(() => initial.map((url) => ({ key: nextKey(), preview: url, url, sent: 1, error: null })));
  const [notice, setNotice] = useState<string | null>(null);
  /** Each upload of this form: its end gives the photo's URL or the problem (read by `ready` before React shows it). */
  const uploads = useRef(new Map<string, { done: Promise<Partial<Photo>>; abort: AbortController; objectUrl: string }>());
  // What the event handlers and `ready` read: the photos as last shown.
  const latest = useRef(photos);
  useLayoutEffect(() => {
    latest.current = photos;
  });

  const update = (key: string, change: Partial<Photo>) => setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const add = useCallback(
    (files: File[]) => {
      const room = maxPictures - latest.current.length;
      const taken = files.slice(0, Math.max(0, room));
      const left = files.length - taken.length;
      setNotice(left > 0 ? translate('photoPicker.tooMany', { max: number(maxPictures), left: number(left) }) : null);
      const added = taken.map((file): Photo => {
        const key = nextKey();
        const objectUrl = URL.createObjectURL(file);
        const problem = imageProblem(file);
        if (problem) return { key, preview: objectUrl, url: null, sent: 0, error: said(file.name, problem) as string };
        const abort = new AbortController();
        const done = uploadPicture(file, token, (sent) => update(key, { sent }), abort.signal).then(
          (url): Partial<Photo> => ({ url, sent: 1 }),
          (err: Error): Partial<Photo> => ({ error: err.name === 'AbortError' ? null : err.message }),
        );
        void done.then((ended) => update(key, ended));
        uploads.current.set(key, { done, abort, objectUrl });
        return { key, preview: objectUrl, url: null, sent: 0, error: null };
      });
      setPhotos((list) => [...list, ...added]);
    },
    [token],
  );

  const remove = (key: string) => {
    const upload = uploads.current.get(key);
    upload?.abort.abort();
    if (upload) URL.revokeObjectURL(upload.objectUrl);
    uploads.current.delete(key);
    setNotice(null);
    setPhotos((list) => list.filter((p) => p.key !== key));
  };

  const move = (key: string, step: -1 | 1) =>
    setPhotos((list) => {
      const from = list.findIndex((p) => p.key === key);
      const to = from + step;
      if (from < 0 || to < 0 || to >= list.length) return list;
      const next = [...list];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });

  // Uploads still under way when the form goes away are stopped; previews are let go.
  useEffect(() => {
    const current = uploads.current;
    return () => {
      for (const u of current.values()) {
        u.abort.abort();
        URL.revokeObjectURL(u.objectUrl);
      }
    };
  }, []);

  /** The photos' URLs once every upload has ended, or the problem to show. */
  const ready = async (): Promise<{ urls: string[] } | { problem: string }> => {
    const ended = new Map(await Promise.all([...uploads.current].map(async ([key, u]) => [key, await u.done] as const)));
    const list = latest.current.map((p) => ({ ...p, ...ended.get(p.key) }));
    if (list.length === 0) return { problem: translate('photoPicker.enterPicture') };
    if (list.some((p) => p.error)) return { problem: translate('photoPicker.removeFailed') };
    return { urls: list.map((p) => p.url!) };
  };

  const reset = () => {
    for (const u of uploads.current.values()) URL.revokeObjectURL(u.objectUrl);
    uploads.current.clear();
    setPhotos([]);
    setNotice(null);
  };

  return { photos, notice, add, remove, move, ready, reset, uploading: photos.some((p) => p.url === null && p.error === null) };
}

export type Photos = ReturnType<typeof usePhotos>;

interface Props {
  photos: Photos;
  /** The problem to show under the field (set at submit). */
  error?: string | null | undefined;
}

/**
 * The photo field: 'Product picture' (the spec's label) takes one or several files, or drop them on it;
 * each shows as a preview with its progress, and moves earlier or later, or is removed, with buttons.
 */
export function PhotoPicker({ photos, error }: Props) {
  const id = useId();
  const t = useT('dashboard');
  const [over, setOver] = useState(false);
  const { photos: list, notice } = photos;
  const full = list.length >= maxPictures;
  const message = error ?? notice;

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    photos.add([...e.dataTransfer.files]);
  };

  return (
    <div
      className={`rounded-xl border-2 border-dashed p-3 sm:col-span-2 ${over ? 'border-primary bg-primary/5' : 'border-base-300'}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label className="block">
        <span className="label-text">{t('photoPicker.label')}</span>
        <input
          type="file"
          multiple
          disabled={full}
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="file-input file-input-bordered mt-1 w-full"
          aria-describedby={id}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            photos.add([...(e.target.files ?? [])]);
            // The same file may be chosen again after it was removed.
            e.target.value = '';
          }}
        />
      </label>
      <p id={id} className="mt-1 text-sm">
        {message ? (
          <span className="text-error">{message}</span>
        ) : (
          <span className="text-base-content/75">{t('photoPicker.hint', { max: number(maxPictures), count: number(list.length) })}</span>
        )}
      </p>
      {list.length > 0 && (
        <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('photoPicker.list')}>
          {list.map((p, i) => (
            <li key={p.key} className="relative overflow-hidden rounded-lg bg-base-200 ring-1 ring-base-300">
              <img src={p.preview} alt={t('photoPicker.photo', { n: number(i + 1) })} width="160" height="160" className="aspect-square w-full object-cover" />
              {i === 0 && <span className="badge badge-primary absolute left-1 top-1">{t('photoPicker.cover')}</span>}
              {p.error ? (
                <p className="bg-error/10 p-1 text-xs text-error wrap-anywhere" role="alert">
                  {p.error}
                </p>
              ) : (
                p.url === null && (
                  <progress
                    className="progress progress-primary absolute inset-x-1 bottom-11 w-auto"
                    value={p.sent}
                    max={1}
                    aria-label={t('photoPicker.uploading', { n: number(i + 1), percent: number(Math.round(p.sent * 100)) })}
                  />
                )
              )}
              <div className="flex justify-between gap-1 bg-base-100 p-1">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-square"
                  disabled={i === 0}
                  onClick={() => photos.move(p.key, -1)}
                  aria-label={t('photoPicker.earlier', { n: number(i + 1) })}
                >
                  ◀
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-square text-error"
                  onClick={() => photos.remove(p.key)}
                  aria-label={t('photoPicker.remove', { n: number(i + 1) })}
                >
                  ✕
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-square"
                  disabled={i === list.length - 1}
                  onClick={() => photos.move(p.key, 1)}
                  aria-label={t('photoPicker.later', { n: number(i + 1) })}
                >
                  ▶
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
