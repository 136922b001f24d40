/**
 * The async event channel of a request (GLOBAL_ASYNC_QUERIES): where the events of the jobs it
 * starts go, and which events it may read. Superset keeps a random channel id in a signed JWT
 * cookie; here the channel is derived from what already authenticates the request, so it needs
 * no cookie of its own and no client can name another's channel: an HMAC of the browser
 * session's id (cookie sessions), or of the user and their token generation (Bearer tokens; a
 * password or role change moves the user to a new channel). Never from a request parameter.
 */
import { createHmac } from 'node:crypto';
import type { AuthMethod } from '../security/auth-plugin.js';
import type { Principal } from '../security/principal.js';
import type { KeyRing } from '../security/keys.js';

/** What the channel is derived from: the request's authentication (see auth-plugin.ts). */
export interface ChannelSource {
  authMethod: AuthMethod;
  sessionId: string | null;
  principal: Principal;
}

/** A channel id: 32 lowercase hex characters (it is part of a Redis key). */
export const CHANNEL_ID_PATTERN = /^[0-9a-f]{32}$/;

export function isChannelId(value: unknown): value is string {
  return typeof value === 'string' && CHANNEL_ID_PATTERN.test(value);
}

/** The request's channel id, or null for an anonymous request (no channel: 401 on async routes). */
export function asyncChannelId(keys: KeyRing, req: ChannelSource): string | null {
  let subject: string;
  if (req.authMethod === 'cookie' && req.sessionId) subject = `session:${req.sessionId}`;
  else if (req.authMethod === 'bearer' && !req.principal.isAnonymous)
    subject = `user:${req.principal.id}:${req.principal.tokenGeneration}`;
  else return null;
  return createHmac('sha256', keys.derive('async-channel'))
    .update(subject)
    .digest('hex')
    .slice(0, 32);
}
