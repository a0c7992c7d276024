import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer, fit for the built client and the Swagger UI at
 * `/api/docs`: scripts, fonts and calls only from this origin. Styles also allow `'unsafe-inline'`:
 * MUI's emotion writes `<style>` elements at run time and React sets `style` attributes, and the
 * client is static files, so there is no per-request nonce to give them. Images may be data URLs
 * (profile pictures, icons). The page may not be framed by anyone.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  scriptSrcAttr: ["'none'"],
  // The product is also served over plain HTTP (http://localhost:8000, an address on the local
  // network): upgrading its requests to HTTPS would break it. A TLS proxy in front sets HSTS.
  upgradeInsecureRequests: null,
};

/**
 * helmet's headers (nosniff, frame and referrer rules, cross-origin policies, …) and the CSP above on
 * every answer. helmet's middleware is made once: the Fastify plugin made it anew for every request
 * (every directive parsed again), a tenth of a millisecond or so of each answer.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  const setHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY } });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
});
