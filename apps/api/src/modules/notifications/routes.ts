import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import * as service from './service.ts';

export default async function notificationRoutes(app: FastifyInstance) {
  route(app, e.notifications, ({ query, user }) => service.listNotifications(app.db, user.id, query));
  route(app, e.unreadNotifications, ({ user }) => service.unreadCount(app.db, user.id));
  route(app, e.readNotification, ({ params, user }) => service.markRead(app.db, user.id, params.id));
  route(app, e.readAllNotifications, ({ user }) => service.markAllRead(app.db, user.id));
  route(app, e.mailPreferences, ({ user }) => service.mailPreferences(app.db, user.id));
  route(app, e.setMailPreferences, ({ user, body }) => service.setMailPreferences(app.db, user.id, body));
}
