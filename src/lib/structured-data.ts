import type { Agency } from '../content/queries';

/** schema.org data for the landing page: the agency as a local business and the area it serves. */
export function agencyStructuredData(agency: Agency, page: { url: string; description: string; logo: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${agency.siteUrl}/#agency`,
    name: agency.name,
    legalName: agency.legalName,
    description: page.description,
    url: page.url,
    logo: page.logo,
    email: agency.email,
    telephone: agency.phone.replace(/\s/g, ''),
    vatID: agency.vatId,
    address: {
      '@type': 'PostalAddress',
      streetAddress: agency.street,
      postalCode: agency.postalCode,
      addressLocality: agency.town,
      addressRegion: agency.region,
      addressCountry: agency.country,
    },
    geo: { '@type': 'GeoCoordinates', ...agency.geo },
    areaServed: agency.serviceArea.map((name) => ({ '@type': 'Place', name })),
    founder: agency.partners.map((name) => ({ '@type': 'Person', name })),
    sameAs: agency.social.map((link) => link.url),
  };
}
