import type { Condition, ModelPrices, Product } from '@market/contract';

/** An address as others must be given it: ours (a path) made absolute on the public origin; another's as it is. */
export const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

/**
 * Every listing is a used phone: schema.org has no 'like new', so Excellent, Good and Fair are all
 * UsedCondition (the page's words say which); none is refurbished or new.
 */
const itemCondition: Record<Condition, string> = {
  Excellent: 'https://schema.org/UsedCondition',
  Good: 'https://schema.org/UsedCondition',
  Fair: 'https://schema.org/UsedCondition',
};

/**
 * A phone for sale as schema.org's Product with its one Offer (search engines' product results): its
 * pictures in their largest stored size, the brand, the condition, the price in BDT and the seller.
 * The seller's rating is not the product's, so there is no aggregateRating (a Person cannot carry one).
 */
export function productJsonLd(p: Product, origin: string, url: string) {
  const pictures = p.images.length ? p.images.map((i) => i.url) : [p.img];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.productName,
    image: pictures.map((picture) => absolute(origin, picture)),
    description: p.description,
    sku: p._id,
    productID: p._id,
    brand: { '@type': 'Brand', name: p.categoryId.category },
    ...(p.model ? { model: p.model } : {}),
    ...(p.colour ? { color: p.colour } : {}),
    itemCondition: itemCondition[p.condition],
    offers: {
      '@type': 'Offer',
      url,
      price: p.resalePrice,
      priceCurrency: 'BDT',
      availability: 'https://schema.org/InStock',
      itemCondition: itemCondition[p.condition],
      seller: { '@type': 'Person', name: p.sellerId.name, url: `${origin}/seller/${p.sellerId._id}` },
    },
  };
}

/**
 * A model's prices page as schema.org's Product (the model, not one phone): its brand and, once any of its storage
 * sizes and conditions has a guide, an AggregateOffer from the lowest to the highest end of those bands in BDT, with
 * the number of its phones for sale now (decision 058).
 */
export function pricesJsonLd({ model, guides, forSale }: ModelPrices, url: string) {
  const name = `${model.brand.category} ${model.name}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    url,
    brand: { '@type': 'Brand', name: model.brand.category },
    model: model.name,
    ...(guides.length
      ? {
          offers: {
            '@type': 'AggregateOffer',
            priceCurrency: 'BDT',
            lowPrice: Math.min(...guides.map((g) => g.guide.low)),
            highPrice: Math.max(...guides.map((g) => g.guide.high)),
            offerCount: forSale,
            itemCondition: 'https://schema.org/UsedCondition',
          },
        }
      : {}),
  };
}
