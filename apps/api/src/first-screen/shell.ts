import type { Category, Lang, Product } from '@market/contract';
import type { FirstScreen, View } from './data.ts';
import { texts, type Texts } from '../texts.ts';
import { escapeHtml, scriptJson } from '../html.ts';

/*
 * The shell: plain HTML inside #root for the pages the server does not render with React (sign-up,
 * the dashboard, a sold or missing phone), painted before any JS arrives: the header as a signed-out
 * visitor sees it, the category strip with its links, and for a sold or missing phone a page of its
 * own. Its markup and classes are the React components' own (app/navbar.tsx, app/category-strip.tsx,
 * app/public-layout.tsx), so the header does not move when React replaces it. The links work without JS.
 */

/** The header's links as a signed-out visitor sees them, and the language switch (a link here: it works without JS too). */
const menuLinks = (t: Texts, lang: Lang) => {
  const other: Lang = lang === 'en' ? 'bn' : 'en';
  return `<li><a href="/">${t('nav.home')}</a></li><li><a href="/blog">${t('nav.blogs')}</a></li><li><a href="?lang=${other}" lang="${other}">${t('lang.switchTo')}</a></li><li><a href="/login">${t('nav.login')}</a></li>`;
};
const menuClass = 'menu dropdown-content z-20 mt-3 w-56 rounded-box bg-base-100 p-2 shadow [&_li>a]:min-h-11 [&_li>button]:min-h-11';

const search = (t: Texts) =>
  `<form role="search" aria-label="${t('nav.siteSearch')}" action="/search" class="mx-2 hidden w-full max-w-xs md:block"><input type="search" name="q" aria-label="${t('nav.searchPhones')}" placeholder="${t('nav.searchPhones')}" class="input input-bordered input-sm w-full"></form><a href="/search" class="btn btn-circle btn-ghost md:hidden" aria-label="${t('nav.searchPhones')}"><svg xmlns="http://www.w3.org/2000/svg" class="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true"><path stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="M21 21l-4.35-4.35M17 10.5a6.5 6.5 0 11-13 0 6.5 6.5 0 0113 0z"></path></svg></a>`;

const header = (t: Texts, lang: Lang) =>
  `<header class="border-b border-base-200 bg-base-100"><nav class="navbar mx-auto max-w-7xl px-4" aria-label="${t('nav.main')}"><div class="flex-1"><a href="/" class="flex items-center gap-2 text-xl font-bold text-primary"><img src="/favicon.svg" alt="" width="28" height="28">${t('site.name')}</a></div>${search(t)}<ul class="menu menu-horizontal hidden gap-1 px-1 md:flex">${menuLinks(t, lang)}</ul><div class="dropdown dropdown-end md:hidden"><button type="button" tabindex="0" class="btn btn-ghost" aria-label="${t('nav.openMenu')}"><svg xmlns="http://www.w3.org/2000/svg" class="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true"><path stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="M4 6h16M4 12h16M4 18h16"></path></svg></button><ul tabindex="0" class="${menuClass}">${menuLinks(t, lang)}</ul></div></nav></header>`;

function strip(t: Texts, categories: Category[], current: string | null) {
  const links = categories
    .map((c) => {
      const active = c._id === current;
      return `<li><a href="/category/${escapeHtml(c._id)}" class="btn btn-sm whitespace-nowrap ${active ? 'btn-primary' : 'btn-ghost'}"${active ? ' aria-current="page"' : ''}>${escapeHtml(c.category)}</a></li>`;
    })
    .join('');
  return `<nav aria-label="${t('nav.categories')}" class="border-b border-base-200 bg-base-200/60"><ul class="mx-auto flex h-12 max-w-7xl items-center gap-2 overflow-x-auto px-4 [mask-image:linear-gradient(to_right,black_85%,transparent)] md:[mask-image:none]">${links}</ul></nav>`;
}

/** A page the server writes whole, in the page's language: a heading, a few words, and where to go instead. */
const notice = (heading: string, text: string, links: string) =>
  `<main class="flex flex-col items-center gap-6 px-4 py-16 text-center"><h1 class="text-3xl font-bold">${escapeHtml(heading)}</h1><p class="max-w-md text-base-content/75">${escapeHtml(text)}</p><div class="flex flex-wrap justify-center gap-3">${links}</div></main>`;

/** Phones like a sold or expired one (issue 34): links with their names and prices, the way on without scripts. */
function similarList(phones: Product[], t: Texts): string {
  if (phones.length === 0) return '';
  const items = phones
    .map(
      (p) =>
        `<li><a href="/detail-product/${escapeHtml(p._id)}" class="link link-hover block rounded-box p-3 ring-1 ring-base-200"><span class="block font-semibold">${escapeHtml(p.productName)}</span><span class="block text-primary">${escapeHtml(t('price.bdt', { amount: t.number(p.resalePrice) }))}</span></a></li>`,
    )
    .join('');
  return `<section aria-labelledby="similar-phones" class="mx-auto max-w-6xl px-4 pb-16"><h2 id="similar-phones" class="mb-4 text-xl font-bold">${escapeHtml(t('similar.title'))}</h2><ul class="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3">${items}</ul></section>`;
}

function content(view: View, t: Texts): string {
  // The app's own words for the same pages (catalog/sold-phone.tsx, expired-phone.tsx, components/not-found.tsx): nothing changes when it starts.
  const home = (style: string) => `<a href="/" class="btn ${style}">${escapeHtml(t('notFound.back'))}</a>`;
  switch (view.page) {
    case 'sold':
    case 'expired': {
      const { productName, categoryId: brand } = view.product;
      const more = `<a href="/category/${escapeHtml(brand._id)}" class="btn btn-primary">${escapeHtml(t('detail.moreOfBrand', { brand: brand.category }))}</a>`;
      // An expired listing (issue 36) as a visitor sees it: its seller's Renew comes with the app (catalog/expired-phone.tsx).
      const [heading, text] =
        view.page === 'sold' ? (['detail.soldHeading', 'detail.soldText'] as const) : (['detail.expiredHeading', 'detail.expiredText'] as const);
      return notice(t(heading), t(text, { name: productName, brand: brand.category }), `${more}${home('btn-ghost')}`) + similarList(view.similar, t);
    }
    case 'missing':
      return notice(t('pageTitle.notFound'), t('head.notFoundText'), home('btn-primary'));
    default:
      return '';
  }
}

/** The markup of #root until React renders. */
export function shellHtml(screen: Pick<FirstScreen, 'categories' | 'categoryId' | 'view'>, lang: Lang = 'en'): string {
  const t = texts(lang);
  return `<div class="flex min-h-screen flex-col">${header(t, lang)}${strip(t, screen.categories, screen.categoryId)}<div id="content" class="min-h-screen flex-1">${content(screen.view, t)}</div></div>`;
}

const titleTag = /<title>[\s\S]*?<\/title>/;
const descriptionTag = /\s*<meta name="description"[^>]*>/;

/** The web app's render of a page (web-render.ts): its markup and the answers it was drawn from. */
export interface Drawn {
  html: string;
  answers: unknown[];
}

/**
 * index.html for one page: `<html lang>`, the page's own head (`head`, from head.ts) in place of the
 * template's title and description, and in #root the app's render (`drawn`, marked for main.tsx to
 * hydrate) with the API answers it was drawn from inlined as JSON (`<script type="application/json">`
 * runs nothing, so the CSP is untouched) — or, for a page the server does not render, the shell. A
 * preload of the page's largest picture downloads it beside the JS instead of after it. Replacements
 * are functions: a seller's '$&' or "$'" is text, not a replacement pattern.
 */
export function pageHtml(template: string, screen: FirstScreen, lang: Lang, head: string, drawn: Drawn | null): string {
  const preload = screen.image ? `<link rel="preload" as="image" href="${escapeHtml(screen.image)}" fetchpriority="high">` : '';
  const root = drawn
    ? `<div id="root" data-drawn="server">${drawn.html}</div><script type="application/json" id="first-screen">${scriptJson(drawn.answers)}</script>`
    : `<div id="root">${shellHtml(screen, lang)}</div>`;
  const page = template.replace(descriptionTag, '').replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
  const withHead = titleTag.test(page) ? page.replace(titleTag, () => head) : page.replace('</head>', () => `${head}</head>`);
  return withHead.replace('</head>', () => `${preload}</head>`).replace('<div id="root"></div>', () => root);
}
