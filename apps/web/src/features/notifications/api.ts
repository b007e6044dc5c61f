import type { MailPreferences } from '@market/contract';
import { api } from '../../lib/api.ts';
import { call, pages } from '../../lib/endpoint.ts';

/** Notifications a page at a time. */
const PAGE = 20;

/** The signed-in person's notifications (issue 31): the bell's count, the list, marking read, which kinds come by e-mail. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    unreadNotifications: build.query({ ...call('unreadNotifications'), providesTags: ['notification'] }),
    notifications: build.infiniteQuery({ ...pages('notifications', PAGE), providesTags: ['notification'] }),
    readNotification: build.mutation({ ...call('readNotification', (id: string) => ({ params: { id } })), invalidatesTags: ['notification'] }),
    readAllNotifications: build.mutation({ ...call('readAllNotifications'), invalidatesTags: ['notification'] }),
    mailPreferences: build.query({ ...call('mailPreferences'), providesTags: ['mail-choices'] }),
    setMailPreferences: build.mutation({ ...call('setMailPreferences', (body: MailPreferences) => ({ body })), invalidatesTags: ['mail-choices'] }),
  }),
});

export const {
  useUnreadNotificationsQuery,
  useNotificationsInfiniteQuery,
  useReadNotificationMutation,
  useReadAllNotificationsMutation,
  useMailPreferencesQuery,
  useSetMailPreferencesMutation,
} = notificationsApi;
