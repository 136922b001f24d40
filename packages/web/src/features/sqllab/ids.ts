/** nanoid's URL-safe alphabet: 64 characters, so each random byte's low 6 bits pick one evenly. */
const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** Length of client ids (queries, tabs, table panels), as Superset's `nanoid(11)`. */
export const CLIENT_ID_LENGTH = 11;

/** A new random client id of 11 URL-safe characters. */
export function newClientId(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = random(new Uint8Array(CLIENT_ID_LENGTH));
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte & 63];
  return id;
}
