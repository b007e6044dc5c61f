import { districtIn } from '@market/contract/places';
import { guideDays, pricesPath, type Condition, type Lang } from '@market/contract';
import type { FirstScreen } from './data.ts';
import { absolute, pricesJsonLd, productJsonLd } from './json-ld.ts';
import { escapeHtml, scriptJson } from '../html.ts';
import { cardHeight, cardPath, cardWidth, phoneCard, sellerCard, type ShareCard } from './share-card.ts';
import { texts } from '../texts.ts';

/** The site's name: a brand, written the same in both languages (as the web app's catalogs do). */
export const siteName = 'Resale Phones';

/** A price as the web app writes it on a phone's page: '25,000 BDT', '৳২৫,০০০' (the catalogs' 'price.bdt'). */
const price = (lang: Lang, taka: number) => texts(lang)('price.bdt', { amount: texts(lang).number(taka) });

/** What a page says of itself to search engines and to the apps a link is shared in. */
export interface Head {
  /** The document's title. */
  title: string;
  /** The page's name where the site is named beside it (og:title). */
  name: string;
  description: string;
  /** Absent: the page may be indexed. */
  robots: 'noindex' | 'noindex,follow' | null;
  /** The English page's path (and query), from which canonical and hreflang addresses are made; null: none. */
  path: string | null;
  type: 'website' | 'product';
  image: { url: string; alt: string; large: boolean; size?: { width: number; height: number; type: string } } | null;
  /** A phone's price in taka. */
  price?: number;
  /** schema.org data about the page's thing, given the public origin and the page's canonical address. */
  jsonLd?: (origin: string, url: string) => unknown;
}

/** A page's name, and its title with the site's name beside it (the catalogs' 'pageTitle.named', as the app's tab shows it). */
const titled = (name: string, lang: Lang) => ({ name, title: texts(lang)('pageTitle.named', { name }) });

/** A page's share card as its picture: a JPEG every link preview shows (decision 060). */
const shareCard = (card: ShareCard, alt: string) => ({
  url: cardPath(card),
  alt,
  large: true,
  size: { width: cardWidth, height: cardHeight, type: 'image/jpeg' },
});

/** A text cut to at most `max` characters, at a word when one ends near, with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?—–-]+$/, '')}…`;
}

/** The head of the page a first screen shows, in the page's language. */
export function pageHead(screen: FirstScreen, lang: Lang): Head {
  const t = texts(lang);
  const view = screen.view;
  const plain = { name: siteName, title: siteName, description: t('head.defaultDescription'), type: 'website' as const, image: null };
  const picture = screen.image ? { url: screen.image, alt: siteName, large: true } : null;
  switch (view.page) {
    case 'home':
      return { ...plain, name: t('pageTitle.home'), title: t('pageTitle.home'), robots: null, path: '/', image: picture };
    case 'category': {
      const brand = view.name;
      const named = brand ? { ...titled(t('pageTitle.category', { brand }), lang), description: t('head.categoryDescription', { brand }) } : {};
      return { ...plain, ...named, robots: null, path: `/category/${screen.categoryId}`, image: picture };
    }
    case 'detail': {
      const p = view.product;
      const said = t('head.detailDescription', {
        price: price(lang, p.resalePrice),
        condition: t(conditionText[p.condition]),
        // The area and, when the listing names it, its district in the page's language (issue 34).
        location: p.district && districtIn(p.location)?.id !== p.district._id ? `${p.location}, ${lang === 'bn' ? p.district.bn : p.district.en}` : p.location,
        seller: p.sellerId.name,
      });
      const named = titled(t('pageTitle.detail', { name: p.productName, price: price(lang, p.resalePrice) }), lang);
      return {
        ...named,
        description: clip(`${said} ${p.description}`, 240),
        robots: null,
        path: `/detail-product/${p._id}`,
        type: 'product',
        image: shareCard(phoneCard(p, lang), named.name),
        price: p.resalePrice,
        jsonLd: (origin, url) => productJsonLd(p, origin, url),
      };
    }
    case 'sold': {
      const p = view.product;
      return {
        ...plain,
        ...titled(t('pageTitle.sold', { name: p.productName }), lang),
        description: t('detail.soldText', { name: p.productName, brand: p.categoryId.category }),
        robots: 'noindex',
        path: null,
      };
    }
    // Off search until its seller renews it (issue 36): as a sold one, not for search engines.
    case 'expired': {
      const p = view.product;
      return {
        ...plain,
        ...titled(t('pageTitle.expired', { name: p.productName }), lang),
        description: t('detail.expiredText', { name: p.productName, brand: p.categoryId.category }),
        robots: 'noindex',
        path: null,
      };
    }
    case 'search': {
      const query = view.query ? `?q=${encodeURIComponent(view.query)}` : '';
      return {
        ...plain,
        ...titled(view.query ? t('pageTitle.search', { query: clip(view.query, 80) }) : t('pageTitle.searchAll'), lang),
        description: t('head.searchDescription'),
        robots: 'noindex,follow',
        path: `/search${query}`,
      };
    }
    case 'seller': {
      const s = view.seller;
      const rated = s.rating.average !== null;
      const description = t('head.sellerDescription', {
        name: s.name,
        rated: rated ? 'yes' : 'no',
        average: rated ? t.number(s.rating.average!) : '',
        reviews: s.rating.count,
        sold: t.number(s.soldCount),
        live: t.number(s.liveCount),
      });
      return {
        ...plain,
        ...titled(t('pageTitle.seller', { name: s.name }), lang),
        description,
        robots: null,
        path: `/seller/${s._id}`,
        image: shareCard(sellerCard(s, lang), s.name),
      };
    }
    case 'prices': {
      const { model, sales, forSale } = view.prices;
      const named = `${model.brand.category} ${model.name}`;
      const description = t('head.pricesDescription', {
        model: named,
        sales: sales.length,
        shownSales: t.number(sales.length),
        days: t.number(guideDays),
        forSale: t.number(forSale),
      });
      return {
        ...plain,
        ...titled(t('pageTitle.prices', { model: named }), lang),
        description,
        robots: null,
        path: pricesPath(model.brand.category, model.slug),
        jsonLd: (origin, url) => pricesJsonLd(view.prices, url),
      };
    }
    // Drawn (issue 35), and named as the app's tab names them; still not for search engines.
    case 'login':
      return { ...plain, ...titled(t('login.title'), lang), robots: 'noindex', path: null };
    case 'blog':
      return { ...plain, ...titled(t('blog.title'), lang), robots: 'noindex', path: null };
    case 'missing':
      return { ...plain, ...titled(t('pageTitle.notFound'), lang), description: t('head.notFoundText'), robots: 'noindex', path: null };
    default:
      return { ...plain, robots: 'noindex', path: null };
  }
}

/** A condition's word in the catalogs (common), as the app's cards say it. */
const conditionText = { Excellent: 'condition.excellent', Good: 'condition.good', Fair: 'condition.fair' } as const satisfies Record<Condition, string>;

/** The address of a page in a language: English's is the plain one, Bangla's carries `lang=bn`. */
export const inLang = (origin: string, path: string, lang: Lang) => `${origin}${path}${lang === 'bn' ? `${path.includes('?') ? '&' : '?'}lang=bn` : ''}`;

const ogLocale: Record<Lang, string> = { en: 'en_US', bn: 'bn_BD' };

/**
 * The head's tags: title, description, robots, canonical and hreflang alternates (en, bn, x-default),
 * Open Graph (with a product's price), the Twitter card and, for a phone, its JSON-LD. Every text is
 * escaped; the JSON-LD is data (`application/ld+json` runs nothing: the CSP is untouched) with no '<'.
 */
export function headHtml(head: Head, lang: Lang, origin: string): string {
  const attr = escapeHtml;
  const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${attr(content)}">`;
  const path = head.path;
  const canonical = path === null ? null : inLang(origin, path, lang);
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  tags.push(meta('name', 'robots', head.robots ?? 'max-image-preview:large'));
  if (path !== null) {
    tags.push(`<link rel="canonical" href="${attr(inLang(origin, path, lang))}">`);
    for (const [hreflang, l] of [
      ['en', 'en'],
      ['bn', 'bn'],
      ['x-default', 'en'],
    ] as const) {
      tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${attr(inLang(origin, path, l))}">`);
    }
  }
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.name),
    meta('property', 'og:description', head.description),
    meta('property', 'og:locale', ogLocale[lang]),
    meta('property', 'og:locale:alternate', ogLocale[lang === 'bn' ? 'en' : 'bn']),
  );
  if (canonical !== null) tags.push(meta('property', 'og:url', canonical));
  const image = head.image && absolute(origin, head.image.url);
  if (head.image && image) {
    tags.push(meta('property', 'og:image', image));
    const size = head.image.size;
    if (size)
      tags.push(
        meta('property', 'og:image:width', String(size.width)),
        meta('property', 'og:image:height', String(size.height)),
        meta('property', 'og:image:type', size.type),
      );
    tags.push(meta('property', 'og:image:alt', head.image.alt));
  }
  if (head.price !== undefined) {
    tags.push(
      meta('property', 'product:price:amount', String(head.price)),
      meta('property', 'product:price:currency', 'BDT'),
      meta('property', 'product:condition', 'used'),
    );
  }
  tags.push(
    meta('name', 'twitter:card', head.image?.large ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.name),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image && image) tags.push(meta('name', 'twitter:image', image), meta('name', 'twitter:image:alt', head.image.alt));
  if (head.jsonLd && canonical !== null) tags.push(`<script type="application/ld+json">${scriptJson(head.jsonLd(origin, canonical))}</script>`);
  return tags.join('');
}
