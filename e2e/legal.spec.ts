import type { Page } from '@playwright/test';
import { agency, expect, localizedPath, locales, test, type Locale } from './fixtures';

type LegalPage = 'impressum' | 'datenschutz' | 'agb';

/**
 * The text of one part of a legal page: the heading with this exact text and everything after it up
 * to the next heading of the same or a higher level. Fails if the heading is not there.
 */
async function sectionText(page: Page, legalPage: LegalPage, heading: string): Promise<string> {
  const text = await page.locator(`[data-legal-page="${legalPage}"] .legal-prose`).evaluate((prose, title) => {
    const start = [...prose.querySelectorAll('h2, h3')].find((node) => node.textContent?.trim() === title);
    if (!start) return null;
    const level = Number(start.tagName[1]);
    const parts: string[] = [];
    for (let node = start.nextElementSibling; node; node = node.nextElementSibling) {
      if (/^H[1-6]$/.test(node.tagName) && Number(node.tagName[1]) <= level) break;
      parts.push(node.textContent ?? '');
    }
    return parts.join('\n');
  }, heading);
  expect(text, `a heading "${heading}" on /${legalPage}/`).not.toBeNull();
  return text!.replace(/\s+/g, ' ');
}

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
      'Kunden- und Vertragsdaten',
      'Ihre Rechte als betroffene Person',
    ],
    en: [
      'Privacy at a glance',
      'Hosting',
      'General notes and mandatory information',
      'Data collection via the contact form',
      'Client and contract data',
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
      // A GbR is no merchant: the commercial code's retention rule does not apply to it.
      await expect(article).not.toContainText(/§ ?257|HGB|Commercial Code/);
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
      'Stand: Januar 2025, zuletzt geändert: November 2026',
    ],
    en: [
      'within 14 days',
      '9 percentage points above the base rate',
      '12 months',
      'longer than one month',
      'partial payments',
      'Version: January 2025, last amended: November 2026',
    ],
  };
  for (const locale of locales) {
    await page.goto(localizedPath('/agb/', locale));
    const article = page.locator('[data-legal-page="agb"]');
    for (const figure of figures[locale]) await expect(article).toContainText(figure);
  }
});

/** What the legal review of November 2026 fixed, as each language says it. */
const review = {
  de: {
    contract: 'Kunden- und Vertragsdaten',
    invoices:
      /Rechnungen und andere Buchungsbelege acht Jahre \(§ 147 Abs\. 1 Nr\. 4, Abs\. 3 AO und § 14b Abs\. 1 UStG in der Fassung des Bürokratieentlastungsgesetzes IV/,
    letters: /Geschäftsbriefe, .* sechs Jahre \(§ 147 Abs\. 1 Nr\. 2 und 3, Abs\. 3 AO\)/,
    recipients: ['Steuerberatung', 'Bank'],
    referenceConsent:
      /Verbraucher: Wir zeigen Ihr Projekt nur mit Ihrer Einwilligung \(Art\. 6 Abs\. 1 lit\. a DSGVO\)\. Sie können sie jederzeit .* widerrufen \(Art\. 7 Abs\. 3 DSGVO\)/,
    referenceObjection:
      /Unternehmer: Rechtsgrundlage ist Art\. 6 Abs\. 1 lit\. f DSGVO; .* widersprechen \(Art\. 21 DSGVO\)/,
    emailjs: 'Versand über EmailJS',
    history: `Die Einträge werden nach ${agency.emailjs.historyRetentionDays} Tagen gelöscht.`,
    mailProvider: 'E-Mail-Anbieter',
    transfer: `Übermittlung nach ${agency.emailjs.country.de}`,
    scc: 'Standardvertragsklauseln der Europäischen Kommission nach dem Durchführungsbeschluss (EU) 2021/914 in Modul 2 (Übermittlung von Verantwortlichen an Auftragsverarbeiter) abgeschlossen',
    tia: 'Klausel 14',
    noArt49: 'Auf die Ausnahmen des Art. 49 DSGVO stützen wir die Übermittlung nicht.',
    hostingHeading: 'Hosting ohne Drittlandübermittlung',
    oldHostingHeading: 'Kein Drittlandtransfer',
    overviewTransfer:
      /Nur das Kontaktformular übermittelt Daten in ein Drittland: an den Versanddienst EmailJS in Singapur/,
    tls: 'auf dem Übertragungsweg gegen das Mitlesen durch Dritte geschützt',
    autoReply: 'keine Werbung, auch nicht in der Signatur',
    social: 'Unsere Profile in sozialen Netzwerken',
    jointControl: /gemeinsam verantwortlich \(Art\. 26 DSGVO; EuGH, Urteil vom 5\. Juni 2018, C-210\/16\)/,
  },
  en: {
    contract: 'Client and contract data',
    invoices:
      /invoices and other accounting vouchers for eight years \(§ 147\(1\) no\. 4 and \(3\) AO and § 14b\(1\) of the German VAT Act, UStG, as amended by the Fourth Bureaucracy Relief Act, Bürokratieentlastungsgesetz IV/,
    letters: /business letters received and sent, .* for six years \(§ 147\(1\) nos\. 2 and 3 and \(3\) AO\)/,
    recipients: ['tax adviser', 'bank'],
    referenceConsent:
      /Consumers: We show your project only with your consent \(Art\. 6\(1\)\(a\) GDPR\)\. You can withdraw it .* \(Art\. 7\(3\) GDPR\)/,
    referenceObjection:
      /Entrepreneurs: The legal basis is Art\. 6\(1\)\(f\) GDPR; .* object to this at any time \(Art\. 21 GDPR\)/,
    emailjs: 'Sending via EmailJS',
    history: `The entries are deleted after ${agency.emailjs.historyRetentionDays} days.`,
    mailProvider: 'Email provider',
    transfer: `Transfer to ${agency.emailjs.country.en}`,
    scc: 'concluded with EmailJS the European Commission’s standard contractual clauses under Implementing Decision (EU) 2021/914, Module 2 (transfer from controller to processor)',
    tia: 'Clause 14',
    noArt49: 'We do not rely on the derogations of Art. 49 GDPR for the transfer.',
    hostingHeading: 'Hosting without transfer to third countries',
    oldHostingHeading: 'No transfer to third countries',
    overviewTransfer:
      /Only the contact form transfers data to a third country: to the sending service EmailJS in Singapore/,
    tls: 'protected against being read by third parties in transit',
    autoReply: 'no advertising, not even in the signature',
    social: 'Our profiles on social networks',
    jointControl:
      /jointly responsible with the respective operator \(Art\. 26 GDPR; CJEU, judgment of 5 June 2018, C-210\/16\)/,
  },
} satisfies Record<Locale, Record<string, string | RegExp | string[]>>;

for (const locale of locales) {
  const says = review[locale];

  test(`the privacy policy (${locale}) covers client and contract data with § 147 AO`, async ({ page }) => {
    await page.goto(localizedPath('/datenschutz/', locale));
    const section = await sectionText(page, 'datenschutz', says.contract);
    expect(section).toMatch(says.invoices);
    expect(section).toMatch(says.letters);
    for (const recipient of says.recipients) expect(section).toContain(recipient);
    expect(section).toMatch(says.referenceConsent);
    expect(section).toMatch(says.referenceObjection);
  });

  test(`the privacy policy (${locale}) names the mail provider, the EmailJS history and the SCCs`, async ({ page }) => {
    await page.goto(localizedPath('/datenschutz/', locale));
    const emailjs = await sectionText(page, 'datenschutz', says.emailjs);
    expect(emailjs).toContain(`${agency.emailjs.provider}, ${agency.emailjs.country[locale]}`);
    expect(emailjs).toContain(says.history);
    expect(emailjs).toContain(agency.emailjs.subprocessors[locale]);
    const mailbox = await sectionText(page, 'datenschutz', says.mailProvider);
    expect(mailbox).toContain(`${agency.mailProvider.provider}, ${agency.mailProvider.address}`);
    expect(mailbox).toContain('Art. 28');
    const transfer = await sectionText(page, 'datenschutz', says.transfer);
    for (const text of [says.scc, 'Art. 46', says.tia, says.noArt49]) expect(transfer).toContain(text);
  });

  test(`the privacy policy (${locale}) scopes claims to what is true`, async ({ page }) => {
    await page.goto(localizedPath('/datenschutz/', locale));
    const article = page.locator('[data-legal-page="datenschutz"]');
    await expect(article.locator('h3', { hasText: says.hostingHeading })).toHaveCount(1);
    await expect(article.locator('h3', { hasText: says.oldHostingHeading })).toHaveCount(0);
    await expect(article).toContainText(says.overviewTransfer);
    await expect(article).toContainText(says.tls);
    await expect(article).toContainText(says.autoReply);
    const social = await sectionText(page, 'datenschutz', says.social);
    expect(social).toMatch(says.jointControl);
    for (const link of agency.social) expect(social).toContain(`${link.label}: ${link.operator}`);
  });
}

const terms = {
  de: {
    withdrawal: 'Widerrufsbelehrung',
    withdrawalEnd: 'Ende der Widerrufsbelehrung',
    earlyStart: 'Beginn vor Ablauf der Widerrufsfrist',
    earlyStartText: /ausdrücklich verlangt.*§ 357a Abs\. 2 BGB.*§ 356 Abs\. 4 BGB.*§ 356 Abs\. 5, § 312f BGB/,
    incorporation: 'mit ihrer Geltung einverstanden ist (§ 305 Abs. 2 BGB)',
    annexes: 'Anlagen 1 und 2 zu Art. 246a § 1 Abs. 2 EGBGB',
    dates: 'Termine',
    binding:
      'Termine und Fristen im Angebot sind verbindlich, es sei denn, sie sind dort ausdrücklich als voraussichtlich bezeichnet.',
    grace:
      /um mehr als zwei Wochen, kann der Auftraggeber uns in Textform eine angemessene Nachfrist .* Mit Ablauf der Nachfrist geraten wir in Verzug\./,
    nonBinding: /nur verbindlich, wenn sie ausdrücklich als verbindlich/,
    acceptance: 'Abnahme (Unternehmer)',
    goLive:
      'Freischaltung der Website zur produktiven Nutzung steht der Abnahme gleich, es sei denn, er hat uns vorher wesentliche Mängel angezeigt',
    provision: 'Bereitstellung (Verbraucher)',
    noAcceptance: 'findet keine Abnahme statt; eine Abnahmefiktion gilt nicht',
    payment:
      'gegenüber Unternehmern mit der Abnahme fällig (§ 641 BGB), gegenüber Verbrauchern mit der Bereitstellung der Website',
    business: 'Unternehmer',
    businessWarranty: ['§§ 634 ff. BGB', '12 Monate ab Abnahme', 'bei Abnahme aktuellen Versionen'],
    consumer: 'Verbraucher',
    consumerWarranty: [
      '§§ 327 ff. BGB',
      '§ 327e Abs. 3 BGB',
      '§ 327h BGB',
      '§ 327f BGB',
      'in zwei Jahren ab Bereitstellung (§ 327j Abs. 1 BGB)',
    ],
    dateLine: 'Stand: Januar 2025, zuletzt geändert: November 2026',
  },
  en: {
    withdrawal: 'Withdrawal instructions (Widerrufsbelehrung)',
    withdrawalEnd: 'End of the withdrawal instructions',
    earlyStart: 'Starting before the withdrawal period ends',
    earlyStartText: /expressly requests it.*§ 357a\(2\) BGB.*§ 356\(4\) BGB.*§ 356\(5\), § 312f BGB/,
    incorporation: 'agrees to their application (§ 305(2) BGB)',
    annexes: 'Annexes 1 and 2 to Art. 246a § 1(2) EGBGB',
    dates: 'Dates',
    binding: 'Dates and deadlines in the quotation are binding unless they are expressly described there as estimated.',
    grace:
      /by more than two weeks, the client may set us a reasonable grace period .* When the grace period expires, we are in default\./,
    nonBinding: /binding only if they have been expressly agreed as binding/,
    acceptance: 'Acceptance (entrepreneurs)',
    goLive:
      'Going live with the website for productive use at the entrepreneur’s instigation is equivalent to acceptance, unless it has reported material defects to us before',
    provision: 'Provision (consumers)',
    noAcceptance: 'there is no acceptance and no deemed acceptance',
    payment: 'for entrepreneurs on acceptance (§ 641 BGB) and for consumers on provision of the website',
    business: 'Entrepreneurs',
    businessWarranty: ['§§ 634 et seq. BGB', '12 months from acceptance', 'current at acceptance'],
    consumer: 'Consumers',
    consumerWarranty: [
      '§§ 327 et seq. BGB',
      '§ 327e(3) BGB',
      '§ 327h BGB',
      '§ 327f BGB',
      'two years after provision (§ 327j(1) BGB)',
    ],
    dateLine: 'Version: January 2025, last amended: November 2026',
  },
} satisfies Record<Locale, Record<string, string | RegExp | string[]>>;

for (const locale of locales) {
  const says = terms[locale];

  test(`the terms (${locale}) carry a labelled Widerrufsbelehrung and incorporate themselves under § 305(2)`, async ({
    page,
  }) => {
    await page.goto(localizedPath('/agb/', locale));
    const article = page.locator('[data-legal-page="agb"]');
    const instructions = await sectionText(page, 'agb', says.withdrawal);
    expect(instructions).toContain(says.withdrawalEnd);
    expect(await sectionText(page, 'agb', says.earlyStart)).toMatch(says.earlyStartText);
    await expect(article).toContainText(says.incorporation);
    await expect(article).toContainText(says.annexes);
  });

  test(`the terms (${locale}) make offered dates binding, with a grace period for estimates`, async ({ page }) => {
    await page.goto(localizedPath('/agb/', locale));
    const dates = await sectionText(page, 'agb', says.dates);
    expect(dates).toContain(says.binding);
    expect(dates).toMatch(says.grace);
    await expect(page.locator('[data-legal-page="agb"]')).not.toContainText(says.nonBinding);
  });

  test(`the terms (${locale}) split business clients and consumers clause by clause`, async ({ page }) => {
    await page.goto(localizedPath('/agb/', locale));
    expect(await sectionText(page, 'agb', says.acceptance)).toContain(says.goLive);
    expect(await sectionText(page, 'agb', says.provision)).toContain(says.noAcceptance);
    await expect(page.locator('[data-legal-page="agb"]')).toContainText(says.payment);
    // § 7 has one part per group; each states its own rules and none of the other's.
    const business = await sectionText(page, 'agb', says.business);
    const consumer = await sectionText(page, 'agb', says.consumer);
    for (const rule of says.businessWarranty) {
      expect(business).toContain(rule);
      expect(consumer).not.toContain(rule);
    }
    for (const rule of says.consumerWarranty) expect(consumer).toContain(rule);
  });

  test(`the terms (${locale}) keep January 2025 and record the revision beside it`, async ({ page }) => {
    await page.goto(localizedPath('/agb/', locale));
    const article = page.locator('[data-legal-page="agb"]');
    await expect(article.locator('p', { hasText: says.dateLine })).toHaveCount(2);
  });
}
