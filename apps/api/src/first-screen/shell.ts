import { cardSizes, cardSpecs, detailSizes, taka, type Category, type Product } from '@market/contract';
import type { FirstScreen, View } from './data.ts';

/*
 * The first screen as plain HTML inside #root, painted before any JS arrives: the header as a
 * signed-out visitor sees it, the category strip with its links, and what the page shows first (the
 * home carousel's first picture, a category's cards, a phone's picture and name) in a content area a
 * screen tall. Its markup and classes are the React components' own (app/navbar.tsx,
 * app/category-strip.tsx, app/public-layout.tsx, components/carousel.tsx, features/catalog/
 * product-card.tsx, category-page.tsx, detail-page.tsx), so nothing moves when React replaces it
 * (`e2e/specs/first-paint.spec.ts` compares the two). The links work without JS.
 */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/** JSON safe inside a <script> element: no '<' (so no '</script>' or '<!--'), and no line separators. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const menuLinks = `<li><a href="/">Home</a></li><li><a href="/blog">Blogs</a></li><li><a href="/login">Login</a></li>`;
const menuClass = 'menu dropdown-content z-20 mt-3 w-56 rounded-box bg-base-100 p-2 shadow [&_li>a]:min-h-11 [&_li>button]:min-h-11';

const search = `<form role="search" aria-label="Site search" action="/search" class="mx-2 hidden w-full max-w-xs md:block"><input type="search" name="q" aria-label="Search phones" placeholder="Search phones" class="input input-bordered input-sm w-full"></form><a href="/search" class="btn btn-circle btn-ghost md:hidden" aria-label="Search phones"><svg xmlns="http://www.w3.org/2000/svg" class="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true"><path stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="M21 21l-4.35-4.35M17 10.5a6.5 6.5 0 11-13 0 6.5 6.5 0 0113 0z"></path></svg></a>`;

const header = `<header class="border-b border-base-200 bg-base-100"><nav class="navbar mx-auto max-w-7xl px-4" aria-label="Main"><div class="flex-1"><a href="/" class="flex items-center gap-2 text-xl font-bold text-primary"><img src="/favicon.svg" alt="" width="28" height="28">Resale Phones</a></div>${search}<ul class="menu menu-horizontal hidden gap-1 px-1 md:flex">${menuLinks}</ul><div class="dropdown dropdown-end md:hidden"><button type="button" tabindex="0" class="btn btn-ghost" aria-label="Open menu"><svg xmlns="http://www.w3.org/2000/svg" class="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true"><path stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="M4 6h16M4 12h16M4 18h16"></path></svg></button><ul tabindex="0" class="${menuClass}">${menuLinks}</ul></div></nav></header>`;

function strip(categories: Category[], current: string | null) {
  const links = categories
    .map((c) => {
      const active = c._id === current;
      return `<li><a href="/category/${escapeHtml(c._id)}" class="btn btn-sm whitespace-nowrap ${active ? 'btn-primary' : 'btn-ghost'}"${active ? ' aria-current="page"' : ''}>${escapeHtml(c.category)}</a></li>`;
    })
    .join('');
  return `<nav aria-label="Categories" class="border-b border-base-200 bg-base-200/60"><ul class="mx-auto flex h-12 max-w-7xl items-center gap-2 overflow-x-auto px-4 [mask-image:linear-gradient(to_right,black_85%,transparent)] md:[mask-image:none]">${links}</ul></nav>`;
}

function card(p: Product, eager: boolean) {
  const name = escapeHtml(p.productName);
  const specs = cardSpecs(p);
  const srcset = p.images[0]?.srcset ? ` srcset="${escapeHtml(p.images[0].srcset)}" sizes="${cardSizes}"` : '';
  return `<a href="/detail-product/${escapeHtml(p._id)}" class="card bg-base-100 shadow-sm ring-1 ring-base-200 transition hover:-translate-y-0.5 hover:shadow-md"><figure class="bg-base-200"><img src="${escapeHtml(p.img)}"${srcset} alt="${name}" width="600" height="600" loading="${eager ? 'eager' : 'lazy'}" class="aspect-square w-full object-cover"></figure><div class="card-body gap-1 p-4 wrap-anywhere"><h3 class="card-title line-clamp-2 text-base" title="${name}">${name}</h3>${specs ? `<p class="text-sm text-base-content/75">${escapeHtml(specs)}</p>` : ''}<p class="font-medium text-primary">Resale price : ${taka(p.resalePrice)} tk</p></div></a>`;
}

function content(view: View): string {
  switch (view.page) {
    case 'home': {
      const first = view.products[0];
      const slide = first
        ? `<div class="px-4 pt-6"><section class="relative mx-auto w-full max-w-[1200px] overflow-hidden rounded-2xl bg-base-200"><div class="flex"><div class="w-full shrink-0"><img src="${escapeHtml(first.img)}" alt="${escapeHtml(first.img)}" width="1200" height="500" class="h-56 w-full object-contain sm:h-80 lg:h-[420px]" fetchpriority="high"></div></div></section></div>`
        : '';
      return `<main><h1 class="sr-only">Resale Phones: second-hand mobile phones</h1>${slide}</main>`;
    }
    case 'category': {
      const title = escapeHtml(view.name ? `${view.name} phones` : 'Phones');
      const cards = view.products.map((p, i) => card(p, i < 3)).join('');
      const list = view.filtered
        ? ''
        : cards
          ? `<div class="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">${cards}</div>`
          : `<p class="py-16 text-center text-2xl font-semibold text-base-content/70">No Product Found</p>`;
      // The filter panel (folded on phones) and the bar above the results take their places at once: nothing moves when the app fills them.
      const filters = `<aside aria-label="Filters" class="self-start rounded-box bg-base-100 ring-1 ring-base-200"><button type="button" class="btn btn-ghost w-full justify-between md:hidden" aria-expanded="false">Filters<span aria-hidden="true">▾</span></button></aside>`;
      const bar = `<div class="mb-4 flex flex-wrap items-center justify-between gap-3"><p role="status" class="font-semibold"></p><label class="flex items-center gap-2 text-sm">Sort<select class="select select-bordered select-sm"><option>Newest</option></select></label></div>`;
      return `<main class="mx-auto max-w-7xl px-4 py-8"><h1 class="mb-6 text-2xl font-bold">${title}</h1><div class="grid gap-6 md:grid-cols-[16rem_1fr]">${filters}<section aria-label="Results">${bar}${list}</section></div></main>`;
    }
    case 'detail': {
      const p = view.product;
      const name = escapeHtml(p.productName);
      // The gallery's first picture and the room its thumbnails take (components/gallery.tsx), so nothing moves when it starts.
      const count = p.images.length;
      const alt = count > 1 ? `${name}, photo 1 of ${count}` : name;
      const cover = p.images[0]?.srcset ? ` srcset="${escapeHtml(p.images[0].srcset)}" sizes="${detailSizes}"` : '';
      const thumbs = count > 1 ? '<div class="h-16"></div>' : '';
      return `<main class="mx-auto max-w-6xl px-4 py-8"><article class="grid gap-8 md:grid-cols-2"><section class="space-y-3"><div class="relative overflow-hidden rounded-2xl bg-base-200"><img src="${escapeHtml(p.img)}"${cover} alt="${alt}" width="600" height="600" class="aspect-square w-full object-cover" fetchpriority="high"></div>${thumbs}</section><div class="min-w-0 space-y-4 wrap-anywhere"><div class="flex flex-wrap items-center gap-2"><h1 class="text-3xl font-bold">${name}</h1></div></div></article></main>`;
    }
    default:
      return '';
  }
}

/** The markup of #root until React renders. */
export function shellHtml(screen: Pick<FirstScreen, 'categories' | 'categoryId' | 'view'>): string {
  return `<div class="flex min-h-screen flex-col">${header}${strip(screen.categories, screen.categoryId)}<div id="content" class="min-h-screen flex-1">${content(screen.view)}</div></div>`;
}

/**
 * index.html for one page: the shell in #root, the first screen's API answers inlined as JSON
 * (`<script type="application/json">` runs nothing, so the CSP is untouched), and a preload of
 * the page's largest picture so it downloads beside the JS instead of after it.
 */
export function pageHtml(template: string, screen: FirstScreen): string {
  const preload = screen.image ? `<link rel="preload" as="image" href="${escapeHtml(screen.image)}" fetchpriority="high">` : '';
  const data = `<script type="application/json" id="first-screen">${scriptJson(screen.entries)}</script>`;
  return template.replace('</head>', `${preload}</head>`).replace('<div id="root"></div>', `<div id="root">${shellHtml(screen)}</div>${data}`);
}
