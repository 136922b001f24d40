import { createHmac, timingSafeEqual } from 'node:crypto';

/** Keys derived from the app's secret key, one per purpose, so no two uses share a key. */
export class KeyRing {
  constructor(private readonly secret: string) {}

  derive(purpose: string): Buffer {
    return createHmac('sha256', this.secret).update(`strata:${purpose}`).digest();
  }

  /** HMAC-SHA256 of `data` under the key of `purpose`, base64url. */
  sign(purpose: string, data: string): string {
    return createHmac('sha256', this.derive(purpose)).update(data).digest('base64url');
  }

  verify(purpose: string, data: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, data));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
