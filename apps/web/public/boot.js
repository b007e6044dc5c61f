// Starts the app once the page has loaded. The server's HTML already shows the first screen (header,
// category links, the page's pictures and names; apps/api/src/first-screen), so on a slow connection
// the stylesheet and those pictures get the bandwidth first, and the app's scripts follow.
// The build names the entry and its imports in data attributes (apps/web/vite.config.ts).
(() => {
  const boot = document.currentScript;
  const entry = boot && boot.dataset.entry;
  if (!entry) return;
  const start = () => {
    for (const href of (boot.dataset.preload || '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // After the frame that shows the loaded page: one animation frame, then a task (a hidden tab paints nothing, so it starts at once).
  const afterPaint = () => (document.hidden ? start() : requestAnimationFrame(() => setTimeout(start, 0)));
  // Once the first paint has happened (it can come after the load event on a fast connection).
  const afterFirstPaint = () => {
    if (document.hidden || !('PerformanceObserver' in window) || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return afterPaint();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((e) => e.name === 'first-contentful-paint')) return;
      observer.disconnect();
      afterPaint();
    });
    observer.observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') afterFirstPaint();
  else window.addEventListener('load', afterFirstPaint, { once: true });
})();
