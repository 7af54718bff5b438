/**
 * Who is calling, and may they? Every API route declares `config.access`
 * ('public', 'signed-in', a permission from the domain table, or 'partner-key' for the
 * partner API); a route without one fails at start-up, so nothing is open by accident. The
 * session comes from an httpOnly cookie, a partner's key from an Authorization header; unsafe
 * methods from another origin are refused (CSRF).
 */
import { can, isPermission, type RouteAccess } from '#domain/accounts/permissions';
import { maySignIn } from '#domain/accounts/user-admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { authenticatePartner, type PartnerCaller } from '../partners/partner-keys';
import { sessionRepository } from '../repositories/session-repository';
import type { User } from '../repositories/user-repository';
import { readCookie } from './cookies';
import { errorBody } from './error-handler';

export const SESSION_COOKIE = 'nambala_session';
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_MAX_SECONDS = 30 * 24 * 3600;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: User | null;
    /** On a 'partner-key' route: the organisation and key that called (docs/partner-api.md). */
    partner: PartnerCaller | null;
  }
  interface FastifyInstance {
    /** Every API route and the access it declared: the permission matrix test reads it. */
    routeAccess: Array<{ method: string; url: string; access: RouteAccess }>;
  }
}

/** Routes registered by plugins we do not write (API docs) and what they need. */
const THIRD_PARTY_PUBLIC = /^\/api\/docs/;

export function registerAuth(app: FastifyInstance, db: Database, now: () => Date = () => new Date()): void {
  const sessions = sessionRepository(db);
  app.decorateRequest('user', null);
  app.decorateRequest('partner', null);
  const routeAccess: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', routeAccess);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || THIRD_PARTY_PUBLIC.test(route.url)) return;
    const access = route.config?.access;
    if (access === undefined)
      throw new Error(`${String(route.method)} ${route.url} declares no access; add config.access`);
    if (access !== 'public' && access !== 'signed-in' && access !== 'partner-key' && !isPermission(access))
      throw new Error(`${route.url}: unknown access '${access}'`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeAccess.push({ method, url: route.url, access });
  });

  // Both hooks answer a request that needs no lookup without a promise: they run on
  // every API request, the public verification page's included.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    if (!SAFE_METHODS.has(request.method) && isCrossOrigin(request)) {
      void reply.code(403).send(errorBody(403, 'Requests from other sites are not accepted.'));
      return;
    }
    const token = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (!token) return done();
    sessions.userOf(token, SESSION_IDLE_SECONDS).then((user) => {
      if (user && maySignIn(user.status)) request.user = user;
      done();
    }, done);
  });

  // Before validation: a caller who may not use a route learns nothing about its body.
  app.addHook('preValidation', (request, reply, done) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return done();
    // Another system's call: its API key, never a session (a signed-in browser gets no partner answers).
    if (access === 'partner-key') {
      authenticatePartner(db, request.headers.authorization, now())
        .then((checked) => {
          if (checked.ok) {
            request.partner = checked.caller;
            done();
          } else void reply.code(401).header('www-authenticate', 'Bearer').send(errorBody(401, checked.message));
        })
        .catch(done);
      return;
    }
    if (!request.user) {
      void reply.code(401).send(errorBody(401, 'Please sign in to continue.'));
      return;
    }
    if (access !== 'signed-in' && !can(request.user.roles, access)) {
      void reply.code(403).send(errorBody(403, 'You do not have permission to do this.'));
      return;
    }
    done();
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isCrossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false; // same-origin fetches from older browsers, curl, server-to-server
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}
