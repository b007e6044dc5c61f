import { api } from '../../lib/api.ts';
import { call } from '../../lib/endpoint.ts';

/** Rows per page of every dashboard list; 'Load more' fetches the next ones. */
export const DASHBOARD_PAGE = 50;

/** The arguments of a call whose one parameter is its path's `:id`. */
export const byId = (id: string) => ({ params: { id } });

/**
 * The dashboard's calls that more than one role makes: an Admin deletes a reported phone, a seller their own.
 * Each role's own calls are in its folder (admin/api.ts, seller/api.ts, buyer/api.ts). Throughout, product
 * mutations invalidate 'product', order mutations 'order', user mutations 'auth'.
 */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteProduct: build.mutation({ ...call('deleteProduct', byId), invalidatesTags: ['product', 'order'] }),
    /** A deal's timeline: the buyer's (or an Admin's) through the order, the seller's through the booking. */
    orderEvents: build.query({ ...call('orderEvents', byId), providesTags: ['order'] }),
    bookingEvents: build.query({ ...call('bookingEvents', byId), providesTags: ['order'] }),
    /** The model catalogue (issue 34): the listing form picks from it, an Admin extends it. */
    phoneModels: build.query({ ...call('phoneModels'), providesTags: ['phone-model'] }),
  }),
});

export const { useDeleteProductMutation, useOrderEventsQuery, useBookingEventsQuery, usePhoneModelsQuery } = dashboardApi;
