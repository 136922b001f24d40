import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { BoundedMap } from '../shared/bounded-map.js';
import type { KeyRing } from './keys.js';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  type: TokenType;
  fresh: boolean;
  /** The user's token generation when the token was issued (0 for tokens issued before it). */
  generation: number;
}

/**
 * Whether a verified token is still valid for its user: its generation must be the user's current
 * one (a password change, (de)activation or role change bumps it). Checked on every use, also for
 * tokens remembered as verified.
 */
export function tokenIsCurrent(claims: TokenClaims, currentGeneration: number): boolean {
  return claims.generation === currentGeneration;
}

/**
 * Signed JWTs (HS256) for the API: access tokens and refresh tokens. A token that verified is
 * remembered (by its exact text) until it expires, so a client sending the same bearer token on
 * every call pays for the signature check once; only valid tokens are kept, so garbage cannot
 * fill the memory. Whether a token's generation is still the user's is checked by the caller on
 * every use (`tokenIsCurrent`), so remembering a token never outlives a revocation.
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new BoundedMap<string, { claims: TokenClaims; expiresMs: number }>(
    10_000,
  );

  constructor(keys: KeyRing) {
    this.key = new Uint8Array(keys.derive('jwt'));
  }

  async issue(
    userId: number,
    type: TokenType,
    fresh: boolean,
    generation: number,
  ): Promise<string> {
    const seconds = type === 'access' ? ACCESS_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS;
    return new SignJWT({ type, fresh, gen: generation })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(this.key);
  }

  /** Verifies a token of the expected type; null when it is invalid, expired or of another type. */
  async verify(token: string, expected: TokenType): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresMs > Date.now()) return known.claims.type === expected ? known.claims : null;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if ((payload.type !== 'access' && payload.type !== 'refresh') || !Number.isInteger(userId))
        return null;
      const gen = payload.gen ?? 0;
      if (typeof gen !== 'number' || !Number.isInteger(gen)) return null;
      const claims: TokenClaims = {
        userId,
        type: payload.type,
        fresh: payload.fresh === true,
        generation: gen,
      };
      if (typeof payload.exp === 'number')
        this.verified.set(token, { claims, expiresMs: payload.exp * 1000 });
      return claims.type === expected ? claims : null;
    } catch {
      return null;
    }
  }
}
