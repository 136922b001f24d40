/**
 * Country values → the world map's feature ids (ISO 3166-1 numeric, as world-atlas has them),
 * per Superset's country field types: full English name, IOC code, ISO alpha-2, ISO alpha-3.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(en);

export type CountryFieldType = 'name' | 'cioc' | 'cca2' | 'cca3';

/** IOC codes that are not the country's ISO alpha-3 code. */
const IOC_TO_ALPHA3: Record<string, string> = {
  ALG: 'DZA',
  ANG: 'AGO',
  ANT: 'ATG',
  ARU: 'ABW',
  ASA: 'ASM',
  BAH: 'BHS',
  BAN: 'BGD',
  BAR: 'BRB',
  BER: 'BMU',
  BHU: 'BTN',
  BIZ: 'BLZ',
  BOT: 'BWA',
  BRN: 'BHR',
  BRU: 'BRN',
  BUL: 'BGR',
  BUR: 'BFA',
  CAM: 'KHM',
  CAY: 'CYM',
  CGO: 'COG',
  CHA: 'TCD',
  CHI: 'CHL',
  CRC: 'CRI',
  CRO: 'HRV',
  DEN: 'DNK',
  ESA: 'SLV',
  FIJ: 'FJI',
  GAM: 'GMB',
  GBS: 'GNB',
  GEQ: 'GNQ',
  GER: 'DEU',
  GRE: 'GRC',
  GRN: 'GRD',
  GUA: 'GTM',
  GUI: 'GIN',
  HAI: 'HTI',
  HON: 'HND',
  INA: 'IDN',
  IRI: 'IRN',
  ISV: 'VIR',
  IVB: 'VGB',
  KSA: 'SAU',
  KUW: 'KWT',
  LAT: 'LVA',
  LBA: 'LBY',
  LES: 'LSO',
  LIB: 'LBN',
  MAD: 'MDG',
  MAS: 'MYS',
  MAW: 'MWI',
  MGL: 'MNG',
  MON: 'MCO',
  MRI: 'MUS',
  MTN: 'MRT',
  MYA: 'MMR',
  NCA: 'NIC',
  NED: 'NLD',
  NEP: 'NPL',
  NGR: 'NGA',
  NIG: 'NER',
  OMA: 'OMN',
  PAR: 'PRY',
  PHI: 'PHL',
  PLE: 'PSE',
  POR: 'PRT',
  PUR: 'PRI',
  RSA: 'ZAF',
  SAM: 'WSM',
  SEY: 'SYC',
  SIN: 'SGP',
  SKN: 'KNA',
  SLO: 'SVN',
  SOL: 'SLB',
  SRI: 'LKA',
  SUD: 'SDN',
  SUI: 'CHE',
  TAN: 'TZA',
  TGA: 'TON',
  TOG: 'TGO',
  TPE: 'TWN',
  UAE: 'ARE',
  URU: 'URY',
  VAN: 'VUT',
  VIE: 'VNM',
  VIN: 'VCT',
  ZAM: 'ZMB',
  ZIM: 'ZWE',
};

export interface Country {
  /** ISO 3166-1 numeric, three digits: the map feature's id. */
  id: string;
  alpha3: string;
  /** English name. */
  name: string;
}

function alpha3Of(text: string, fieldtype: string): string | undefined {
  const code = text.toUpperCase();
  switch (fieldtype) {
    case 'name':
      return countries.getAlpha3Code(text, 'en') ?? countries.getSimpleAlpha3Code(text, 'en');
    case 'cioc':
      return IOC_TO_ALPHA3[code] ?? (countries.alpha3ToAlpha2(code) ? code : undefined);
    case 'cca3':
      return countries.alpha3ToAlpha2(code) ? code : undefined;
    default:
      return countries.alpha2ToAlpha3(code);
  }
}

/** The country a value names (per the field type), or null when none matches. */
export function findCountry(value: unknown, fieldtype: string): Country | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!text) return null;
  const alpha3 = alpha3Of(text, fieldtype);
  const id = alpha3 ? countries.alpha3ToNumeric(alpha3) : undefined;
  if (!alpha3 || !id) return null;
  return { id, alpha3, name: countries.getName(alpha3, 'en') ?? text };
}
