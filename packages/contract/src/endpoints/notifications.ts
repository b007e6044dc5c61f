import { IdParams, PageQuery } from '../common.ts';
import { endpoint, signedIn } from '../endpoint.ts';
import { MailPreferences, Notification, UnreadCount } from '../notifications.ts';

const tag = 'notifications';

export const notifications = endpoint('notifications', {
  tag,
  summary: "The signed-in person's notifications, newest first: each move of their deals that concerns them",
  access: signedIn,
  query: PageQuery,
  page: Notification,
});

export const unreadNotifications = endpoint('unreadNotifications', {
  tag,
  summary: 'How many of the signed-in person’s notifications are unread (the bell in the header)',
  access: signedIn,
  data: UnreadCount,
});

export const readNotification = endpoint('readNotification', {
  tag,
  summary: 'Mark an own notification read (again is the same answer); another person’s is not found',
  access: signedIn,
  params: IdParams,
  data: Notification,
  cache: 'keeps',
  errors: { 404: ['not_found'] },
});

export const readAllNotifications = endpoint('readAllNotifications', {
  tag,
  summary: 'Mark every own notification read: answers how many are unread now (none)',
  access: signedIn,
  data: UnreadCount,
  cache: 'keeps',
});

export const mailPreferences = endpoint('mailPreferences', {
  tag,
  summary: 'Which kinds of notification the signed-in person does not want by e-mail',
  access: signedIn,
  data: MailPreferences,
});

export const setMailPreferences = endpoint('setMailPreferences', {
  tag,
  summary: 'Choose which kinds of notification do not come by e-mail (the bell still tells of all of them)',
  access: signedIn,
  body: MailPreferences,
  data: MailPreferences,
  cache: 'keeps',
});
