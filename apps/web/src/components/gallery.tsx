import type { Picture } from '@market/contract';
import { detailSizes } from '@market/contract/rules';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { number } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useModal } from './use-modal.ts';

interface Props {
  pictures: Picture[];
  /** What the pictures show (the phone's name): each picture's alt says which one it is. */
  name: string;
}

/** A plain click (not one to open the link elsewhere): once the app runs, it does the link's work in the page. */
const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * A listing's pictures: swiped (a scroll-snap strip), stepped with the arrows or the arrow keys, picked from the
 * thumbnails (from md up), and opened full screen (a modal dialog with the full-size picture).
 *
 * Below md it is compact (issue 35): a 4:3 picture, shown whole, and no thumbnail row, so that a phone's first screen
 * keeps its name, price, condition and place above the bar at the bottom. Before the app's scripts run (the server's
 * first screen) what is shown works: the strip swipes, each picture carries its own "2 / 5" and its own Full screen
 * link to the full-size picture, and the thumbnails are links to the pictures' anchors (#photo-2); the arrows, which
 * need the app, come when it runs.
 */
export function Gallery({ pictures, name }: Props) {
  const strip = useRef<HTMLDivElement>(null);
  const heading = useRef<{ to: number; until: number } | null>(null);
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const dialog = useModal(full);
  const hydrated = useHydrated();
  const t = useT();
  const count = pictures.length;
  // The page's HTML comes before its code: a swipe made before the app took over is where the counter starts.
  useEffect(() => {
    const el = strip.current;
    if (el && el.clientWidth > 0 && el.scrollLeft > 0) setIndex(Math.min(count - 1, Math.round(el.scrollLeft / el.clientWidth)));
  }, [count]);
  const alt = (i: number) => (count > 1 ? t('gallery.photoAlt', { name, n: number(i + 1), count: number(count) }) : name);

  /** Shows picture `i` (wrapping round): the strip scrolls to it, smoothly unless the user asked for less motion. */
  const show = (i: number) => {
    const next = (i + count) % count;
    setIndex(next);
    // The strip's scroll events while it glides there say nothing (a key pressed meanwhile steps from `next`).
    heading.current = { to: next, until: Date.now() + 1000 };
    const el = strip.current;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el?.scrollTo?.({ left: next * el.clientWidth, behavior: still ? 'auto' : 'smooth' });
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') show(index - 1);
    else if (e.key === 'ArrowRight') show(index + 1);
    else return;
    e.preventDefault();
  };
  const arrows = count > 1 && (
    <>
      <button
        type="button"
        className="btn btn-circle btn-sm absolute left-2 top-1/2 -translate-y-1/2 opacity-90"
        onClick={() => show(index - 1)}
        aria-label={t('gallery.previous')}
      >
        ❮
      </button>
      <button
        type="button"
        className="btn btn-circle btn-sm absolute right-2 top-1/2 -translate-y-1/2 opacity-90"
        onClick={() => show(index + 1)}
        aria-label={t('gallery.next')}
      >
        ❯
      </button>
    </>
  );

  return (
    // The room under the picture is the thumbnails' (from md up): on a phone the name follows the picture closely.
    <section aria-roledescription="carousel" aria-label={t('gallery.photosOf', { name })} className="md:space-y-3" onKeyDown={keys}>
      <div className="relative overflow-hidden rounded-2xl bg-base-200">
        <div
          ref={strip}
          tabIndex={0}
          aria-label={t('gallery.strip')}
          className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none]"
          // A swipe ends on a picture: the thumbnails and Full screen follow it.
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.clientWidth === 0) return;
            const at = Math.min(count - 1, Math.round(el.scrollLeft / el.clientWidth));
            const going = heading.current;
            if (going && Date.now() < going.until && at !== going.to) return;
            heading.current = null;
            setIndex(at);
          }}
        >
          {pictures.map((p, i) => (
            <figure
              key={p.url}
              // A thumbnail's anchor; reached without the app, the page keeps the header above in view.
              id={`photo-${i + 1}`}
              className="relative w-full shrink-0 snap-center scroll-mt-40"
              aria-roledescription="slide"
              aria-label={t('slide.position', { n: number(i + 1), count: number(count) })}
            >
              <img
                src={p.url}
                srcSet={p.srcset || undefined}
                sizes={detailSizes}
                alt={alt(i)}
                width="600"
                height="600"
                // Its box is sized before the picture arrives: nothing below it moves while it loads.
                className="aspect-[4/3] w-full object-contain md:aspect-square md:object-cover"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
              {/* Each picture's own: right whichever picture a swipe stops on, with or without the app. The picture's
                  alt says it to a screen reader, and the one Full screen link it meets is the shown picture's. */}
              {count > 1 && (
                <span aria-hidden="true" className="badge absolute bottom-3 left-2 tabular-nums">
                  {number(i + 1)} / {number(count)}
                </span>
              )}
              {/* A link to the full-size picture (issue 35): it works before the app's code has arrived (the browser
                  shows the picture) and opens in a new tab as a link does; a plain click, once the app runs, opens it here. */}
              <a
                href={p.url}
                className="btn btn-sm absolute bottom-2 right-2 opacity-90"
                aria-hidden={i === index ? undefined : true}
                tabIndex={i === index ? undefined : -1}
                onClick={(e) => {
                  if (!plainClick(e)) return;
                  e.preventDefault();
                  setIndex(i);
                  setFull(true);
                }}
              >
                {t('gallery.fullScreen')}
              </a>
            </figure>
          ))}
        </div>
        {hydrated && arrows}
        {count > 1 && (
          <p className="sr-only" aria-live="polite">
            {alt(index)}
          </p>
        )}
      </div>
      {count > 1 && (
        <ol className="hidden gap-2 overflow-x-auto md:flex" aria-label={t('gallery.choose')}>
          {pictures.map((p, i) => {
            // Which one is shown is known once the app runs: until then none is marked.
            const current = hydrated && i === index;
            return (
              <li key={p.url} className="shrink-0">
                <a
                  href={`#photo-${i + 1}`}
                  className={`block overflow-hidden rounded-lg ring-2 ${current ? 'ring-primary' : 'ring-transparent'}`}
                  onClick={(e) => {
                    if (!plainClick(e)) return;
                    e.preventDefault();
                    show(i);
                  }}
                  aria-label={t('gallery.show', { n: number(i + 1) })}
                  aria-current={current ? 'true' : undefined}
                >
                  <img
                    src={p.url}
                    srcSet={p.srcset || undefined}
                    sizes="64px"
                    alt=""
                    width="64"
                    height="64"
                    loading="lazy"
                    className="h-16 w-16 object-cover"
                  />
                </a>
              </li>
            );
          })}
        </ol>
      )}
      {full && (
        <dialog ref={dialog} className="modal" aria-label={t('gallery.fullScreenOf', { name })} onClose={() => setFull(false)}>
          <div className="relative flex h-full w-full items-center justify-center bg-black/95 p-2">
            <img src={pictures[index]!.url} alt={alt(index)} className="max-h-full max-w-full object-contain" />
            {arrows}
            <button
              type="button"
              className="btn btn-circle btn-sm absolute right-2 top-2"
              onClick={() => setFull(false)}
              aria-label={t('gallery.closeFullScreen')}
              autoFocus
            >
              ✕
            </button>
          </div>
        </dialog>
      )}
    </section>
  );
}
