import type { AuthResult } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { toUser } from '../users/dto.ts';

/** Said to a suspended account at every way of signing in (only once its password or Google has proved it is theirs). */
export const SUSPENDED = 'This account is suspended: it cannot sign in. Write to hello@resalephones.example if you think this is a mistake';

/** What every way of signing in answers: the user and a fresh token; none for a suspended account (issue 16). */
export const sessionOf = async (app: FastifyInstance, user: AuthUser): Promise<AuthResult> => {
  if (user.suspendedAt) throw forbidden(SUSPENDED);
  return { user: toUser(user), token: await app.signToken(user) };
};
