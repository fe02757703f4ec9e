/** Countries for the phone area-code pickers: stable ids, E.164 calling codes. */
export const COUNTRIES: ReadonlyArray<{ country_id: number; area_code: string; name_en: string }> = [
  ['86', 'China'], ['852', 'Hong Kong'], ['853', 'Macau'], ['886', 'Taiwan'], ['81', 'Japan'],
  ['82', 'South Korea'], ['65', 'Singapore'], ['60', 'Malaysia'], ['66', 'Thailand'], ['84', 'Vietnam'],
  ['63', 'Philippines'], ['62', 'Indonesia'], ['91', 'India'], ['971', 'United Arab Emirates'],
  ['90', 'Turkey'], ['7', 'Russia'], ['44', 'United Kingdom'], ['49', 'Germany'], ['33', 'France'],
  ['34', 'Spain'], ['39', 'Italy'], ['31', 'Netherlands'], ['41', 'Switzerland'], ['1', 'United States'],
  ['1', 'Canada'], ['52', 'Mexico'], ['54', 'Argentina'], ['55', 'Brazil'], ['56', 'Chile'],
  ['57', 'Colombia'], ['51', 'Peru'], ['61', 'Australia'], ['64', 'New Zealand'], ['27', 'South Africa'],
  ['234', 'Nigeria'],
].map(([area_code, name_en], i) => ({ country_id: i + 1, area_code: area_code!, name_en: name_en! }));
