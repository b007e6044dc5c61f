import type { AuthResult } from '@market/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { toUser } from '../users/dto.ts';
import { rememberDevice } from './device.ts';

/**
 * What every way of signing in answers: the user and a fresh token; none for a suspended account (issue 16),
 * which is told so only once its password or Google has proved it is theirs. The browser it came from is
 * remembered for the account (decision 059).
 */
export const sessionOf = async (
  app: FastifyInstance,
  user: AuthUser,
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
): Promise<AuthResult> => {
  if (user.suspendedAt) throw forbidden('suspended');
  await rememberDevice(app.db, user.id, request, reply);
  return { user: toUser(user), token: await app.signToken(user) };
};
