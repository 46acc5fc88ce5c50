import { agency, expect, localizedPath, locales, test, type Locale } from './fixtures';

type LegalPage = 'impressum' | 'datenschutz' | 'agb';

/** The sections SPEC.md § 2 lists for each legal page, as they are headed in each language. */
const sections: Record<LegalPage, Record<Locale, string[]>> = {
  impressum: {
    de: [
      'Angaben gemäß § 5 DDG',
      'Kontakt',
      'Verantwortlich für den Inhalt',
      'EU-Streitschlichtung',
      'Verbraucherstreitbeilegung',
      'Haftung für Inhalte',
      'Haftung für Links',
      'Urheberrecht',
    ],
    en: [
      'Information pursuant to § 5 DDG',
      'Contact',
      'Responsible for the content',
      'EU dispute resolution',
      'Consumer dispute resolution',
      'Liability for content',
      'Liability for links',
      'Copyright',
    ],
  },
  datenschutz: {
    de: [
      'Datenschutz auf einen Blick',
      'Hosting',
      'Allgemeine Hinweise und Pflichtinformationen',
      'Datenerfassung über das Kontaktformular',
      'Ihre Rechte als betroffene Person',
    ],
    en: [
      'Privacy at a glance',
      'Hosting',
      'General notes and mandatory information',
      'Data collection via the contact form',
      'Your rights as a data subject',
    ],
  },
  agb: {
    de: [
      '1. Geltungsbereich',
      '2. Vertragsschluss und Widerrufsrecht',
      '3. Leistungen',
      '4. Mitwirkung des Auftraggebers',
      '5. Vergütung und Zahlung',
      '6. Urheberrecht und Nutzungsrechte',
      '7. Gewährleistung',
      '8. Haftung',
      '9. Laufzeit und Kündigung',
      '10. Datenschutz und Vertraulichkeit',
      '11. Schlussbestimmungen',
      'Stand',
    ],
    en: [
      '1. Scope',
      '2. Conclusion of contract and right of withdrawal',
      '3. Services',
      '4. Cooperation by the client',
      '5. Remuneration and payment',
      '6. Copyright and rights of use',
      '7. Warranty',
      '8. Liability',
      '9. Term and termination',
      '10. Privacy and confidentiality',
      '11. Final provisions',
      'Date',
    ],
  },
};

for (const locale of locales) {
  for (const page of Object.keys(sections) as LegalPage[]) {
    test(`${localizedPath(`/${page}/`, locale)} has every section, filled-in facts and a way home`, async ({
      page: tab,
    }) => {
      await tab.goto(localizedPath(`/${page}/`, locale));
      const article = tab.locator(`[data-legal-page="${page}"]`);
      await expect(article.locator('h2')).toHaveText(sections[page][locale]);
      await expect(article).not.toContainText('{{');
      for (const back of await article.locator('[data-back-home]').all()) {
        await expect(back).toHaveAttribute('href', localizedPath('/', locale));
      }
      await expect(article.locator('[data-back-home]')).toHaveCount(2);
      await expect(tab.locator(`a[href*="ec.europa.eu/consumers/odr"]`)).toHaveCount(0);
      await expect(article).not.toContainText(/\bTMG\b|TTDSG/);
      for (const link of await article.locator('a[href^="http"]').all()) {
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
    });
  }

  test(`the imprint (${locale}) carries the § 5 DDG facts from agency.json`, async ({ page }) => {
    await page.goto(localizedPath('/impressum/', locale));
    const article = page.locator('[data-legal-page="impressum"]');
    for (const fact of [
      agency.legalName,
      agency.street,
      `${agency.postalCode} ${agency.town}`,
      agency.phone,
      agency.email,
      agency.vatId,
    ]) {
      await expect(article).toContainText(fact);
    }
    await expect(article.locator(`a[href="mailto:${agency.email}"]`).first()).toBeVisible();
  });

  test(`the privacy policy (${locale}) names EmailJS, the transfer basis and the rights`, async ({ page }) => {
    await page.goto(localizedPath('/datenschutz/', locale));
    const article = page.locator('[data-legal-page="datenschutz"]');
    for (const text of [
      'EmailJS',
      'Art. 46',
      'Art. 15',
      'Art. 16',
      'Art. 21',
      'Art. 77',
      agency.supervisoryAuthority.name,
    ]) {
      await expect(article).toContainText(text);
    }
    await expect(article.locator(`a[href="${agency.supervisoryAuthority.url}"]`)).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });
}

test('the terms state the spec’s figures', async ({ page }) => {
  const figures: Record<Locale, string[]> = {
    de: [
      'innerhalb von 14 Tagen',
      '9 Prozentpunkte über dem Basiszinssatz',
      '12 Monate',
      'mehr als einem Monat',
      'Abschlagszahlungen',
      'Stand: Januar 2025',
    ],
    en: [
      'within 14 days',
      '9 percentage points above the base rate',
      '12 months',
      'longer than one month',
      'partial payments',
      'Last updated: January 2025',
    ],
  };
  for (const locale of locales) {
    await page.goto(localizedPath('/agb/', locale));
    const article = page.locator('[data-legal-page="agb"]');
    for (const figure of figures[locale]) await expect(article).toContainText(figure);
  }
});
