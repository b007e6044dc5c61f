import { createHash } from 'node:crypto';
import type { Condition, Lang, Product, SellerProfile } from '@market/contract';
import { texts } from '../texts.ts';

/**
 * A link's preview picture (issue 35, decision 060): a 1200×630 JPEG of a phone or a seller, in the language of the
 * page that names it. What it says is read from the page's public answer; its version is a hash of what it says,
 * so the page names a new address when the listing (or the drawing) changes.
 */
export const cardWidth = 1200;
export const cardHeight = 630;

/** Raised when the drawing changes: every card's version changes with it, and is drawn again once asked for. */
const drawing = 1;

export interface PhoneCard {
  kind: 'phone';
  id: string;
  lang: Lang;
  /** The cover's address (ours: /uploads/…). */
  photo: string;
  brand: string;
  name: string;
  /** The catalogue's Bangla name of its model, on the Bangla card (when the phone is of a model the catalogue has). */
  banglaName: string | null;
  price: string;
  conditionLabel: string;
  condition: string;
}

export interface SellerCard {
  kind: 'seller';
  id: string;
  lang: Lang;
  /** The avatar's address ('' when none: their initial is drawn). */
  avatar: string;
  name: string;
  verified: string | null;
  rating: string;
  since: string;
}

export type ShareCard = PhoneCard | SellerCard;
export type CardKind = ShareCard['kind'];

const conditionText = { Excellent: 'condition.excellent', Good: 'condition.good', Fair: 'condition.fair' } as const satisfies Record<Condition, string>;

/** A phone's card: its cover, brand, name (and its model's Bangla name on the Bangla card), price and condition. */
export function phoneCard(p: Product, lang: Lang): PhoneCard {
  const t = texts(lang);
  const banglaName = lang === 'bn' && p.phoneModel?.nameBn && p.phoneModel.nameBn !== p.productName ? p.phoneModel.nameBn : null;
  return {
    kind: 'phone',
    id: p._id,
    lang,
    photo: p.img,
    brand: p.categoryId.category,
    name: p.productName,
    banglaName,
    price: t('price.bdt', { amount: t.number(p.resalePrice) }),
    conditionLabel: t('listing.condition'),
    condition: t(conditionText[p.condition]),
  };
}

const dates = new Map<Lang, Intl.DateTimeFormat>();
/** '12 Mar 2024' / '১২ মার্চ, ২০২৪' in Bangladesh, as the seller's page writes it. */
function day(lang: Lang, iso: string) {
  let format = dates.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'bn-BD', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Dhaka' });
    dates.set(lang, format);
  }
  return format.format(new Date(iso));
}

/** A seller's card: avatar (or initial), name, verified, rating (or that there is none yet), member since. */
export function sellerCard(s: SellerProfile, lang: Lang): SellerCard {
  const t = texts(lang);
  const { average, count } = s.rating;
  const reviews = t('rating.reviews', { count, shown: t.number(count) });
  return {
    kind: 'seller',
    id: s._id,
    lang,
    avatar: s.userImg,
    name: s.name,
    verified: s.sellerVerified ? t('detail.verified') : null,
    rating: average === null ? t('rating.newSeller') : `★ ${t.number(average)} · ${reviews}`,
    since: t('seller.memberSince', { date: day(lang, s.memberSince) }),
  };
}

/** The card's version: a hash of everything it shows and of the drawing's own number. */
export const cardVersion = (card: ShareCard) => createHash('sha256').update(JSON.stringify({ drawing, card })).digest('hex').slice(0, 16);

/** The card's address: '/share/phone/<id>.jpg?v=<version>', the Bangla one with '&lang=bn'. */
export const cardPath = (card: ShareCard) => `/share/${card.kind}/${card.id}.jpg?v=${cardVersion(card)}${card.lang === 'bn' ? '&lang=bn' : ''}`;
