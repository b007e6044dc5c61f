import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { number } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

export const CAROUSEL_INTERVAL_MS = 5000;

/** One slide: a phone's picture, named by the phone, opening its page. */
export interface Slide {
  src: string;
  name: string;
  href: string;
}

interface Props {
  slides: Slide[];
  label: string;
}

const reducedMotion = '(prefers-reduced-motion: reduce)';
/** Whether the user asked for less motion, kept current when they change it. */
function usePrefersReducedMotion() {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(reducedMotion);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(reducedMotion).matches ?? false,
    // On the server, and while hydrating its markup: not known, so the carousel starts as it would without the wish.
    () => false,
  );
}

/**
 * Auto-advances every 5 s, wraps both ways; each slide is a link to its phone, its picture named by the phone (the
 * spec's "alt text is its URL" said nothing to a screen reader: decision 007). The slides out of view are inert (no
 * Tab stop, not read). It holds still while hovered or while keyboard focus is inside it, and never moves by itself
 * for a user who asked for less motion. Its arrows and dots need the app: until it runs (the server's first screen,
 * about 12 s on a slow connection) the arrows are not there and the dots keep their place unseen (issue 35); the
 * slide in view is a plain link.
 */
export function Carousel({ slides, label }: Props) {
  const [index, setIndex] = useState(0);
  const t = useT();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const still = usePrefersReducedMotion();
  const hydrated = useHydrated();
  const paused = hovered || focused || still;
  const count = slides.length;
  const go = useCallback((step: number) => setIndex((i) => (i + step + count) % count), [count]);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => go(1), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count, go]);

  if (count === 0) return null;
  const current = Math.min(index, count - 1);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative mx-auto w-full max-w-[1200px] overflow-hidden rounded-2xl bg-base-200"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <div className="flex transition-transform duration-700 ease-out motion-reduce:transition-none" style={{ transform: `translateX(-${current * 100}%)` }}>
        {slides.map(({ src, name, href }, i) => (
          <div
            key={`${src}-${i}`}
            className="w-full shrink-0"
            aria-roledescription="slide"
            aria-label={t('slide.position', { n: number(i + 1), count: number(count) })}
            aria-hidden={i !== current}
            inert={i !== current}
          >
            <Link to={href} className="block">
              <img
                src={src}
                alt={name}
                width="1200"
                height="500"
                className="h-56 w-full object-contain sm:h-80 lg:h-[420px]"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
            </Link>
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          {hydrated && (
            <>
              <button
                type="button"
                className="btn btn-circle absolute left-3 top-1/2 -translate-y-1/2"
                onClick={() => go(-1)}
                aria-label={t('carousel.previous')}
              >
                ❮
              </button>
              <button type="button" className="btn btn-circle absolute right-3 top-1/2 -translate-y-1/2" onClick={() => go(1)} aria-label={t('carousel.next')}>
                ❯
              </button>
            </>
          )}
          {/* Unseen (and out of the Tab order) until they work: their row keeps its height, so nothing below moves. */}
          <div className={`flex flex-wrap justify-center bg-base-100 ${hydrated ? '' : 'invisible'}`}>
            {slides.map(({ src }, i) => (
              <button
                key={`dot-${src}-${i}`}
                type="button"
                // A 12 px dot inside a 44 px target a thumb can hit.
                className="grid h-11 w-11 place-items-center"
                onClick={() => setIndex(i)}
                aria-label={t('carousel.goTo', { n: number(i + 1) })}
                aria-current={i === current}
              >
                <span className={`h-3 w-3 rounded-full ${i === current ? 'bg-primary' : 'bg-base-300'}`} aria-hidden="true" />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
