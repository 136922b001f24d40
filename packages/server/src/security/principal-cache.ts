import type { MetadataDb } from '../metadata/db.js';
import type { MetadataVersions, Versions } from '../metadata/versions.js';
import { BoundedMap } from '../shared/bounded-map.js';
import type { Principal } from './principal.js';
import { loadAnonymousPrincipal, loadPrincipal } from './repository.js';

interface Entry {
  version: string;
  principal: Principal | null;
}

/**
 * Principals (a user with the permissions of all their roles) kept per process while the
 * `security` change counter stays the same. Any write to users, roles or permissions, from this
 * process or another, bumps the counter (a trigger), so a change is effective on the next
 * request, as without the cache. A principal is shared between requests: never mutate one.
 */
export class PrincipalCache {
  private readonly users = new BoundedMap<number, Entry>(10_000);
  private anonymous: Entry | null = null;

  constructor(
    private readonly db: MetadataDb,
    private readonly versions: MetadataVersions,
  ) {}

  /**
   * The active user's principal, or null when the user is gone or inactive. `versions` is the
   * request's reading of the counters when the caller already made it (one read per request).
   */
  async user(userId: number, versions?: Versions): Promise<Principal | null> {
    const version = (versions ?? (await this.versions.read())).security;
    const hit = this.users.get(userId);
    if (hit && hit.version === version) return hit.principal;
    const principal = await loadPrincipal(this.db, userId);
    this.users.set(userId, { version, principal });
    return principal;
  }

  /** The Public role's principal for visitors who are not logged in. */
  async anonymousPrincipal(versions?: Versions): Promise<Principal> {
    const version = (versions ?? (await this.versions.read())).security;
    if (this.anonymous?.version === version && this.anonymous.principal)
      return this.anonymous.principal;
    const principal = await loadAnonymousPrincipal(this.db);
    this.anonymous = { version, principal };
    return principal;
  }
}
