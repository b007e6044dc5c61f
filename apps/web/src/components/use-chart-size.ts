import { useEffect, useState } from 'react';

/** The spec's three chart sizes by screen width: 600x500, 500x300, 340x250. */
export function chartSize(width: number) {
  if (width >= 1280) return { width: 600, height: 500 };
  if (width >= 640) return { width: 500, height: 300 };
  return { width: 340, height: 250 };
}

export function useChartSize() {
  const [size, setSize] = useState(() => chartSize(window.innerWidth));
  useEffect(() => {
    const onResize = () => setSize(chartSize(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}
