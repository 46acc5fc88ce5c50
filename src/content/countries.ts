/**
 * Where the GDPR applies without a transfer: the EU member states, and with them the EEA states
 * that took the regulation over. A processor anywhere else sits in a third country (Art. 44 GDPR),
 * which the privacy policy must name with the safeguard for the transfer (Art. 13(1)(f) GDPR).
 * Plain data without imports, so the schemas and the end-to-end tests read the same list.
 */
export const euCountries = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(
  ' ',
);

const eeaCountries = [...euCountries, 'IS', 'LI', 'NO'];

export const isThirdCountry = (code: string) => !eeaCountries.includes(code);
