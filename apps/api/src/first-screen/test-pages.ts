import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A built web app's folder whose index.html is as Vite and apps/web/vite.config.ts write it (its fixed title and description included). */
export function builtWebApp(): string {
  const webDist = mkdtempSync(join(tmpdir(), 'market-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html lang="en" data-theme="light"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Resale Phones: buy and sell second-hand mobile phones in Bangladesh."><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Resale Phones</title><link rel="stylesheet" crossorigin href="/assets/index.css"><script src="/boot.js" data-entry="/assets/index.js" data-preload="" defer></script></head><body><div id="root"></div></body></html>`,
  );
  return webDist;
}

const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/** What a page's head says, read from its HTML as a crawler without JS reads it. */
export function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attr = (tag: string, name: string) => {
    const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    return value === undefined ? undefined : unescape(value);
  };
  const metas = [...head.matchAll(/<meta [^>]*>/g)].map((m) => m[0]);
  const meta = (key: string) => {
    const found = metas.filter((m) => attr(m, 'name') === key || attr(m, 'property') === key);
    return found.length ? found.map((m) => attr(m, 'content')) : undefined;
  };
  const links = [...head.matchAll(/<link [^>]*>/g)].map((m) => m[0]);
  const alternates = Object.fromEntries(links.filter((l) => attr(l, 'rel') === 'alternate').map((l) => [attr(l, 'hreflang'), attr(l, 'href')]));
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return {
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    titles: [...head.matchAll(/<title>(.*?)<\/title>/gs)].map((m) => unescape(m[1]!)),
    /** Every content of the meta tags of a name or property (one each, in a good head). */
    meta,
    /** The one content of a meta tag. */
    one: (key: string) => meta(key)?.[0],
    canonical: links.filter((l) => attr(l, 'rel') === 'canonical').map((l) => attr(l, 'href')),
    alternates,
    jsonLd: ld,
  };
}
