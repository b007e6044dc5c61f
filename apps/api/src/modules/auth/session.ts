import type { AuthResult } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../plugins/auth.ts';
import { toUser } from '../users/dto.ts';

/** What every way of signing in answers: the user and a fresh token. */
export const sessionOf = async (app: FastifyInstance, user: AuthUser): Promise<AuthResult> => ({ user: toUser(user), token: await app.signToken(user) });
