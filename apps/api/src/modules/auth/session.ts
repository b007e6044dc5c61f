import type { AuthResult } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { toUser } from '../users/dto.ts';

/**
 * What every way of signing in answers: the user and a fresh token; none for a suspended account (issue 16),
 * which is told so only once its password or Google has proved it is theirs.
 */
export const sessionOf = async (app: FastifyInstance, user: AuthUser): Promise<AuthResult> => {
  if (user.suspendedAt) throw forbidden('suspended');
  return { user: toUser(user), token: await app.signToken(user) };
};
