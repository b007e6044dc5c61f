import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isUuid, UUID, type Lang, type NotFoundWhat, type Product, type SellerProfile } from '@market/contract';
import { routes } from '@market/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { notFound } from '../errors.ts';
import { diskStore, s3Store, type PictureStore } from '../modules/images/store.ts';
import { makePrivateDir } from '../private-files.ts';
import { drawCard, isVersion, type LoadPicture } from './share-card-drawing.ts';
import { cardPath, cardVersion, phoneCard, sellerCard, type CardKind, type ShareCard } from './share-card.ts';
import { perApp } from './single-flight.ts';
import { publicReader } from './web-render.ts';

export interface ShareCardsOptions {
  config: Config;
  /** The uploaded pictures (a phone's cover, an avatar). */
  store: PictureStore;
}

/** Our pictures a card may show: an upload, or a picture the code ships (uploads/seed: the demo's). */
const uploaded = new RegExp(`^/uploads/(${UUID}\\.webp)$`);
const shipped = /^\/uploads\/seed\/([a-z0-9_-]+(?:\/[a-z0-9_-]+)*\.(?:webp|svg))$/;

const whatOf: Record<CardKind, NotFoundWhat> = { phone: 'Product', seller: 'Seller' };
const pathOf: Record<CardKind, string> = { phone: routes.product.path, seller: routes.sellerProfile.path };

/**
 * The share cards (decision 060): GET /share/phone/<id>.jpg and /share/seller/<id>.jpg, the Open Graph picture of a
 * phone's and a seller's page. What a card shows is read from the page's public answer (in-process, signed out, as
 * the page is): a phone or seller the page would not show (unknown, hidden, sold, suspended) has no card (404). Its
 * address carries its version (`?v=`): another version is sent on to the current one's address, so a card is
 * drawn only for what is there now, once (visitors who ask meanwhile share the drawing), kept in the card store
 * (DATA_DIR/share-cards, or the bucket's share-cards/) and drawn again when what it shows changes. Like robots.txt
 * and the sitemaps, plain routes outside /api, open to anyone: a picture, not the JSON envelope.
 */
export default async function shareCards(app: FastifyInstance, { config, store }: ShareCardsOptions) {
  const dir = join(config.dataDir, 'share-cards');
  if (!config.s3) makePrivateDir(dir);
  // One file per page and language, replaced when its version changes: nothing to sweep but a removed phone's.
  const cards = config.s3 ? s3Store(config.s3, { prefix: 'share-cards/', type: 'image/jpeg', cacheControl: 'no-cache' }) : diskStore(dir);
  const seedDir = join(config.uploadsDir, 'seed');

  const load: LoadPicture = async (url) => {
    const upload = uploaded.exec(url)?.[1];
    if (upload) return store.get(upload);
    const seed = shipped.exec(url)?.[1];
    if (!seed) return null;
    return readFile(join(seedDir, seed)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
  };

  /** What the card of the page shows now, in `lang`. */
  async function cardOf(kind: CardKind, id: string, lang: Lang): Promise<ShareCard> {
    if (!isUuid(id)) throw notFound(whatOf[kind]);
    const path = pathOf[kind].replace(':id', id);
    const { status, payload } = await publicReader(app)(path);
    if (status === 404) throw notFound(whatOf[kind]);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    const { data } = JSON.parse(payload.toString('utf8')) as { data: unknown };
    if (kind === 'seller') return sellerCard(data as SellerProfile, lang);
    const phone = data as Product;
    // A sold or expired (issue 36) phone's page is gone (410, 404), with no picture to share.
    if (phone.status === 'sold' || phone.status === 'expired') throw notFound('Product');
    return phoneCard(phone, lang);
  }

  /** The card as kept, or drawn and kept when there is none of its version. */
  async function keptOrDrawn(card: ShareCard, version: string): Promise<Buffer> {
    const name = `${card.kind}-${card.id}-${card.lang}.jpg`;
    const kept = await cards.get(name);
    if (kept && (await isVersion(kept, version))) return kept;
    const drawn = await drawCard(card, version, load);
    await cards.put(name, drawn);
    return drawn;
  }

  for (const kind of ['phone', 'seller'] as const) {
    app.get<{ Params: { id: string }; Querystring: { v?: unknown; lang?: unknown } }>(
      `/share/${kind}/:id.jpg`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { v, lang = 'en' } = request.query;
        if (lang !== 'en' && lang !== 'bn') throw notFound(whatOf[kind]);
        const card = await cardOf(kind, request.params.id, lang);
        const version = cardVersion(card);
        if (v !== version) return reply.header('cache-control', 'no-cache').redirect(cardPath(card), 302);
        const jpeg = await drawingsOf(app)(`${kind} ${card.id} ${lang} ${version}`, () => keptOrDrawn(card, version));
        return (
          reply
            .type('image/jpeg')
            .header('cache-control', 'public, max-age=31536000, immutable')
            .header('x-content-type-options', 'nosniff')
            // Other sites show it (a chat's preview): not only pages of ours.
            .header('cross-origin-resource-policy', 'cross-origin')
            .send(jpeg)
        );
      },
    );
  }
}

const drawingsOf = perApp<FastifyInstance, Buffer>();
