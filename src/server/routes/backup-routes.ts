/**
 * POST /api/system/backup: the embedded database as a .tar.gz, for `npm run backup`
 * on this machine (docs/backup-and-restore.md). PGlite allows one process on its
 * folder, so a copy taken while the server runs has to be made by the server.
 *
 * Not a route for people, and no session opens it: only a request over loopback that
 * carries the token from DATA_DIR/server.json (readable by the server's user alone).
 * Anything else is told the route does not exist (another address, or a request that
 * came through a proxy on this machine) or is refused (no token, or a wrong one).
 * It is left out of the published API document.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { makeArchive } from '../backup/archive';
import { errorBody } from '../plugins/error-handler';

export const backupRoutes: FastifyPluginAsync<{ db: Database; controlToken: string }> = async (
  app,
  { db, controlToken },
) => {
  const expected = digest(controlToken);

  async function refuseOthers(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    if (
      !isLoopback(request.socket.remoteAddress) ||
      request.headers['x-forwarded-for'] !== undefined ||
      request.headers.forwarded !== undefined
    ) {
      return reply
        .code(404)
        .send(errorBody(404, `No such resource: ${request.method} ${request.url.split('?')[0] ?? ''}`));
    }
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply
        .code(403)
        .send(errorBody(403, 'A backup needs the control token of this server (npm run backup reads it).'));
    }
    return undefined;
  }

  app.post(
    '/api/system/backup',
    {
      // 'public' only to the session check: refuseOthers decides who may call.
      config: { access: 'public' },
      schema: {
        hide: true,
        tags: ['system'],
        summary: 'The embedded database as a .tar.gz (loopback with the control token only)',
      },
      onRequest: refuseOthers,
      // Already gzip; the compression plugin must not wrap it again.
      compress: false,
    },
    async (request, reply) => {
      const started = Date.now();
      const archive = await makeArchive(db);
      request.log.info({ copiedInMs: Date.now() - started }, 'backup: database copied, sending');
      return reply.header('content-type', 'application/gzip').header('cache-control', 'no-store').send(archive);
    },
  );
};

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}
