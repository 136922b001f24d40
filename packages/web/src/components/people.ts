import { userDisplayName } from '@strata/core';

/** A user as list answers embed them (owners, changed_by, created_by). */
export interface Person {
  id?: number;
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
}

/** "First Last", the username, or '' for nobody. */
export function personName(person: Person | null | undefined): string {
  return person ? userDisplayName(person) : '';
}

/** Up to two initials: "Ada Lovelace" -> "AL", "admin" -> "A". */
export function initials(person: Person): string {
  const first = (person.first_name ?? '').trim();
  const last = (person.last_name ?? '').trim();
  const letters = `${first.charAt(0)}${last.charAt(0)}`;
  if (letters) return letters.toUpperCase();
  return (person.username ?? '?').trim().charAt(0).toUpperCase() || '?';
}

const AVATAR_COLORS = ['#1f7a8c', '#5c7cfa', '#2f9e44', '#e8590c', '#ae3ec9', '#0c8599', '#c2255c'];

/** A steady colour per person. */
export function avatarColor(person: Person): string {
  const key = person.id ?? [...personName(person)].reduce((n, c) => n + c.charCodeAt(0), 0);
  return AVATAR_COLORS[Math.abs(key) % AVATAR_COLORS.length] ?? '#1f7a8c';
}
