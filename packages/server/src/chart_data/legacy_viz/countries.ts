/**
 * Country reference data for the world map (Superset's `superset/examples/countries.py`, which
 * is the same source: mledoze/countries, published on npm as `world-countries`, ODbL).
 * Looked up by the form's `country_fieldtype` — `name` (common name), `cioc`, `cca2`, `cca3` —
 * case-insensitively, as Superset's `countries.get` lower-cases both sides.
 */
import { createRequire } from 'node:module';
import type { Country } from 'world-countries';

// The package is CommonJS (`module.exports` is the list) and its typings declare an ES default
// export; loading its JSON through require gives the list in Node and in the test runner alike.
const loadCountries = (): readonly Country[] =>
  createRequire(import.meta.url)('world-countries/countries.json') as Country[];

export interface CountryInfo {
  cca3: string;
  name: string;
  lat: number;
  lng: number;
}

export const COUNTRY_FIELD_TYPES = ['name', 'cioc', 'cca2', 'cca3'] as const;
export type CountryFieldType = (typeof COUNTRY_FIELD_TYPES)[number];

let lookups: Map<CountryFieldType, Map<string, CountryInfo>> | null = null;

function build(): Map<CountryFieldType, Map<string, CountryInfo>> {
  const out = new Map<CountryFieldType, Map<string, CountryInfo>>(
    COUNTRY_FIELD_TYPES.map((f) => [f, new Map<string, CountryInfo>()]),
  );
  for (const c of loadCountries()) {
    const info: CountryInfo = {
      cca3: c.cca3,
      name: c.name.common,
      lat: c.latlng[0],
      lng: c.latlng[1],
    };
    const keys: Record<CountryFieldType, string> = {
      name: c.name.common,
      cioc: c.cioc,
      cca2: c.cca2,
      cca3: c.cca3,
    };
    for (const field of COUNTRY_FIELD_TYPES) {
      // Countries without a code (many have no `cioc`) are not found by an empty value.
      const key = keys[field]?.toLowerCase();
      if (key) out.get(field)!.set(key, info);
    }
  }
  return out;
}

/** The country a value names in the given code standard; null when unknown. */
export function findCountry(field: string, symbol: string): CountryInfo | null {
  lookups ??= build();
  const table = lookups.get(field as CountryFieldType);
  if (!table) return null;
  return table.get(symbol.toLowerCase()) ?? null;
}
