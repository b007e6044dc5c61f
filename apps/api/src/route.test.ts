import type { Endpoint, Endpoints as E } from '@market/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { AuthUser } from './plugins/auth.ts';
import type { CallerOf, RouteInput } from './route.ts';

// Checked by the typecheck (npm run typecheck); at run time these are no-ops.
describe("a handler's caller, typed by its route's access rule", () => {
  it('is a user wherever the rule needs one signed in', () => {
    expectTypeOf<RouteInput<E['me']>['user']>().toEqualTypeOf<AuthUser>();
    expectTypeOf<CallerOf<E['book']>>().toEqualTypeOf<AuthUser>();
    expectTypeOf<CallerOf<E['allBuyers']>>().toEqualTypeOf<AuthUser>();
    expectTypeOf<CallerOf<E['buyerOrders']>>().toEqualTypeOf<AuthUser>();
    expectTypeOf<CallerOf<E['deleteProduct']>>().toEqualTypeOf<AuthUser>();
    expectTypeOf<CallerOf<E['declineBooking']>>().toEqualTypeOf<AuthUser>();
  });

  it('may be nobody only where anyone may call', () => {
    expectTypeOf<RouteInput<E['categories']>['user']>().toEqualTypeOf<AuthUser | null>();
    expectTypeOf<CallerOf<E['uploadImage']>>().toEqualTypeOf<AuthUser | null>();
  });

  it('may be nobody when the rule is not known to the type', () => {
    expectTypeOf<CallerOf<Endpoint>>().toEqualTypeOf<AuthUser | null>();
  });
});
