import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { KeyRing } from './keys.js';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  type: TokenType;
  fresh: boolean;
}

/** Signed JWTs (HS256) for the API: access tokens and refresh tokens. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(keys: KeyRing) {
    this.key = new Uint8Array(keys.derive('jwt'));
  }

  async issue(userId: number, type: TokenType, fresh: boolean): Promise<string> {
    const seconds = type === 'access' ? ACCESS_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS;
    return new SignJWT({ type, fresh })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(this.key);
  }

  /** Verifies a token of the expected type; null when it is invalid, expired or of another type. */
  async verify(token: string, expected: TokenType): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (payload.type !== expected || !Number.isInteger(userId)) return null;
      return { userId, type: expected, fresh: payload.fresh === true };
    } catch {
      return null;
    }
  }
}
