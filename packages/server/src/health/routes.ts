import type { FastifyInstance } from 'fastify';

/** `GET /health` answers OK once the app can serve (the app is built before it listens). */
export function registerHealthRoutes(app: FastifyInstance): void {
  const ok = async () => 'OK';
  app.get('/health', { config: { access: 'public' }, schema: { hide: true } }, ok);
  app.get('/healthcheck', { config: { access: 'public' }, schema: { hide: true } }, ok);
}
