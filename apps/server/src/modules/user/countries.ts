/**
 * Countries for the phone area-code pickers: stable ids, E.164 calling codes, and the ISO 3166
 * region code, by which clients name a country in their own language.
 */
export const COUNTRIES: ReadonlyArray<{ country_id: number; area_code: string; name_en: string; iso: string }> = [
  ['86', 'China', 'CN'], ['852', 'Hong Kong', 'HK'], ['853', 'Macau', 'MO'], ['886', 'Taiwan', 'TW'],
  ['81', 'Japan', 'JP'], ['82', 'South Korea', 'KR'], ['65', 'Singapore', 'SG'], ['60', 'Malaysia', 'MY'],
  ['66', 'Thailand', 'TH'], ['84', 'Vietnam', 'VN'], ['63', 'Philippines', 'PH'], ['62', 'Indonesia', 'ID'],
  ['91', 'India', 'IN'], ['971', 'United Arab Emirates', 'AE'], ['90', 'Turkey', 'TR'], ['7', 'Russia', 'RU'],
  ['44', 'United Kingdom', 'GB'], ['49', 'Germany', 'DE'], ['33', 'France', 'FR'], ['34', 'Spain', 'ES'],
  ['39', 'Italy', 'IT'], ['31', 'Netherlands', 'NL'], ['41', 'Switzerland', 'CH'], ['1', 'United States', 'US'],
  ['1', 'Canada', 'CA'], ['52', 'Mexico', 'MX'], ['54', 'Argentina', 'AR'], ['55', 'Brazil', 'BR'],
  ['56', 'Chile', 'CL'], ['57', 'Colombia', 'CO'], ['51', 'Peru', 'PE'], ['61', 'Australia', 'AU'],
  ['64', 'New Zealand', 'NZ'], ['27', 'South Africa', 'ZA'], ['234', 'Nigeria', 'NG'],
].map(([area_code, name_en, iso], i) => ({ country_id: i + 1, area_code: area_code!, name_en: name_en!, iso: iso! }));
