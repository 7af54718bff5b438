/**
 * Security headers on every response, and a Content-Security-Policy the app runs
 * under: scripts only from this origin (plus the one inline script of index.html,
 * by its hash), no framing, no plugins. Styles allow 'unsafe-inline' because the
 * design system (Emotion) writes its styles into <style> tags at run time.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Hashes of the inline scripts of the built shell, so the policy allows exactly those. */
function inlineScriptHashes(appDir: string): string[] {
  const shell = ['app-shell.html', 'index.html']
    .map((file) => path.join(appDir, file))
    .find((file) => existsSync(file));
  if (!shell) return [];
  const html = readFileSync(shell, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

export function contentSecurityPolicy(appDir: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(appDir).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** For JSON answers: nothing in them may load or be framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const ALWAYS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/** The security headers of every JSON answer. */
export const API_HEADERS = { ...ALWAYS, 'Content-Security-Policy': API_POLICY };

/** Over HTTPS only: browsers come back over HTTPS for a year. */
export const STRICT_TRANSPORT = { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' };

export function registerSecurityHeaders(app: FastifyInstance, appDir: string): void {
  const pagePolicy = contentSecurityPolicy(appDir);
  const pages = {
    ...ALWAYS,
    'Cross-Origin-Opener-Policy': 'same-origin',
    // The camera is for scanning plate QR codes on this site only.
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
    'Content-Security-Policy': pagePolicy,
  };
  // A plain callback, not an async hook: it runs on every response. The API docs page
  // brings its own inline code; other pages run under the app's policy, and JSON
  // answers under one that allows nothing (and costs a few bytes, not hundreds).
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    reply.headers(url.startsWith('/api/docs') ? ALWAYS : url.startsWith('/api/') ? API_HEADERS : pages);
    if (request.protocol === 'https') reply.headers(STRICT_TRANSPORT);
    done(null, payload);
  });
}
