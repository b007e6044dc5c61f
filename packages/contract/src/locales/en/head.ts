/** Texts of the pages' heads (description) and of the page the server writes whole ('not found'): apps/api/src/first-screen; the web never loads them. A sold phone's page is the app's too: its texts are the catalog's. */
export default {
  'head.defaultDescription': 'Buy and sell second-hand mobile phones in Bangladesh: every brand, with photos, specs and the seller’s rating.',
  'head.categoryDescription': 'Second-hand {brand} phones for sale in Bangladesh, with photos, specs and prices in BDT.',
  'head.detailDescription': '{price}. Condition: {condition}. Location: {location}. Seller: {seller}.',
  'head.searchDescription': 'Find second-hand phones by brand, model, price and condition.',
  'head.sellerDescription':
    '{name} sells second-hand phones on Resale Phones. {rated, select, yes {Rated {average} out of 5 from {reviews, plural, one {# review} other {# reviews}}.} other {No reviews yet.}} {sold} sold, {live} for sale now.',
  'head.pricesDescription':
    'What a used {model} sold for on Resale Phones: {sales, plural, =0 {no sales in the last {days} days yet} one {# sale in the last {days} days} other {{shownSales} sales in the last {days} days}}, the usual price by storage and condition, and {forSale} for sale now.',
  'head.notFoundText': 'This page is not here: the link may be mistyped, or what it showed has been removed.',
} as const;
