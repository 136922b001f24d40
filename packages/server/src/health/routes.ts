import type { FastifyInstance } from 'fastify';

/**
 * `GET /health` answers OK once the app can serve (the app is built before it listens): a
 * liveness probe, as Superset's, that reads no session and no metadata, so it answers as soon
 * as the event loop is free, whatever the metadata store is doing.
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  const ok = async () => 'OK';
  app.get('/health', { config: { access: 'probe' }, schema: { hide: true } }, ok);
  app.get('/healthcheck', { config: { access: 'probe' }, schema: { hide: true } }, ok);
}
