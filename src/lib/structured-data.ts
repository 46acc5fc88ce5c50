import type { Agency } from '../content/queries';

/**
 * schema.org data for the landing page: the agency as a local business and the area it serves.
 * Each language page describes it in its own words, so each has its own node: `@id` is the page's
 * address plus `#agency`.
 */
export function agencyStructuredData(
  agency: Agency,
  page: { url: string; description: string; logo: string; image: string },
) {
  return {
    '@context': 'https://schema.org',
    // Not ProfessionalService: schema.org has deprecated it.
    '@type': 'LocalBusiness',
    '@id': `${page.url}#agency`,
    name: agency.name,
    legalName: agency.legalName,
    description: page.description,
    url: page.url,
    logo: page.logo,
    image: page.image,
    ...(agency.priceRange && { priceRange: agency.priceRange }),
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
    openingHoursSpecification: agency.openingHours.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
      opens: hours.opens,
      closes: hours.closes,
    })),
    areaServed: agency.serviceArea.map((name) => ({ '@type': 'Place', name })),
    founder: agency.partners.map((name) => ({ '@type': 'Person', name })),
    sameAs: agency.social.map((link) => link.url),
  };
}
