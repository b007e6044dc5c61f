import * as accounts from './accounts.ts';
import * as admin from './admin.ts';
import * as alerts from './alerts.ts';
import * as catalog from './catalog.ts';
import * as chat from './chat.ts';
import * as favourites from './favourites.ts';
import * as listingChecks from './listing-checks.ts';
import * as money from './money.ts';
import * as payouts from './payouts.ts';
import * as phoneModels from './phone-models.ts';
import * as notifications from './notifications.ts';
import * as orders from './orders.ts';
import * as reviews from './reviews.ts';
import * as sellerNumber from './seller-number.ts';

import type { Endpoint } from '../endpoint.ts';
import type { RouteName } from '../routes.ts';

/** Every API call, by name (the names of routes.ts, each described once): the one list the API registers and the web app calls. */
export const endpoints = {
  ...accounts,
  ...sellerNumber,
  ...catalog,
  ...orders,
  ...notifications,
  ...reviews,
  ...money,
  ...payouts,
  ...chat,
  ...favourites,
  ...alerts,
  ...phoneModels,
  ...listingChecks,
  ...admin,
} satisfies Record<RouteName, Endpoint>;
// No descriptor without a route name, and no route name without a descriptor.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const complete: Exactly<keyof typeof endpoints, RouteName> = true;
void complete;
export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
