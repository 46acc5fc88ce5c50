import type { Page } from '@playwright/test';
import { agency, expect, localizedPath, locales, test, type Locale } from './fixtures';
import { sectionText, type LegalPage } from './legal-text';

/** The sections each legal page must keep, as they are headed in each language: one lost in an edit fails here. */
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
  barrierefreiheit: {
    de: [
      'Freiwillige Erklärung',
      'Angestrebter Standard',
      'Wie wir die Barrierefreiheit prüfen',
      'Bekannte Einschränkungen',
      'Barrieren melden',
      'Technik',
      'Erstellung dieser Erklärung',
    ],
    en: [
      'A voluntary statement',
      'The standard we aim for',
      'How we check accessibility',
      'Known limitations',
      'Reporting barriers',
      'Technology',
      'About this statement',
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
    location: 'Standort',
    transfer: `Übermittlung in Drittländer: ${agency.emailjs.country.de} und ${agency.emailjs.hosting.country.de}`,
    scc: 'Standardvertragsklauseln der Europäischen Kommission nach dem Durchführungsbeschluss (EU) 2021/914 in Modul 2 (Übermittlung von Verantwortlichen an Auftragsverarbeiter) abgeschlossen',
    tia: 'Klausel 14',
    noArt49: 'Auf die Ausnahmen des Art. 49 DSGVO stützen wir die Übermittlungen nicht.',
    hostingHeading: 'Hosting ohne Drittlandübermittlung',
    oldHostingHeading: 'Kein Drittlandtransfer',
    overviewTransfer:
      /Nur das Kontaktformular übermittelt Daten in Drittländer: an den Versanddienst EmailJS \(Sitz: Singapur\), dessen Server Amazon Web Services, Inc\. betreibt \(Standort: USA\)/,
    tls: 'auf dem Übertragungsweg gegen das Mitlesen durch Dritte geschützt',
    autoReply:
      'Außer Ihrem Namen, dem Betreff und der angegebenen E-Mail-Adresse enthält die Bestätigung nichts aus Ihrer Nachricht, und sie enthält keine Werbung, auch nicht in der Signatur.',
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
      /Entrepreneurs: The legal basis is Art\. 6\(1\)\(f\) GDPR; .* object to this at any time without giving reasons \(Art\. 21 GDPR\)/,
    emailjs: 'Sending via EmailJS',
    history: `The entries are deleted after ${agency.emailjs.historyRetentionDays} days.`,
    mailProvider: 'Email provider',
    location: 'location',
    transfer: `Transfer to third countries: ${agency.emailjs.country.en} and ${agency.emailjs.hosting.country.en}`,
    scc: 'concluded with EmailJS the European Commission’s standard contractual clauses under Implementing Decision (EU) 2021/914, Module 2 (transfer from controller to processor)',
    tia: 'Clause 14',
    noArt49: 'We do not rely on the derogations of Art. 49 GDPR for the transfers.',
    hostingHeading: 'Hosting without transfer to third countries',
    oldHostingHeading: 'No transfer to third countries',
    overviewTransfer:
      /Only the contact form transfers data to third countries: to the sending service EmailJS \(registered office: Singapore\), whose servers are operated by Amazon Web Services, Inc\. \(location: USA\)/,
    tls: 'protected against being read by third parties in transit',
    autoReply:
      'Apart from your name, the subject and the email address you entered, the confirmation contains nothing from your message, and it contains no advertising, not even in the signature.',
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
    expect(emailjs).toContain(
      `${agency.emailjs.hosting.provider} (${says.location}: ${agency.emailjs.hosting.country[locale]})`,
    );
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
    earlyStartText: /ausdrücklich verlangt.*§ 357a Abs\. 2 BGB.*§ 356 Abs\. 4 BGB/,
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
    earlyStartText: /expressly requests it.*§ 357a\(2\) BGB.*§ 356\(4\) BGB/,
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

/**
 * What the second legal review (November 2026) fixed, as each language says it: every point of the
 * review that shows on a page (docs/go-live.md lists those only the agency can confirm).
 */
const review2 = {
  de: {
    // 1. One withdrawal regime, Anlage 1 EGBGB word for word.
    modelFormSentence:
      'Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.',
    expirySentence:
      'Das Widerrufsrecht erlischt, wenn wir die Dienstleistung vollständig erbracht haben und Sie vorher ausdrücklich zugestimmt haben, dass wir vor Ablauf der Widerrufsfrist beginnen, und Ihre Kenntnis davon bestätigt haben, dass Sie Ihr Widerrufsrecht bei vollständiger Vertragserfüllung verlieren (§ 356 Abs. 4 BGB).',
    secondRegime: /§ 356 Abs\. 5|digitaler Inhalte|das Sie mit unserem Angebot erhalten/,
    modelForm: 'Muster-Widerrufsformular',
    modelFormText: [
      'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)',
      '(*) Unzutreffendes streichen.',
    ],
    // 2. No web fonts.
    noWebFonts:
      'Keine Webfonts: Wir laden keine Schriftarten; Texte erscheinen in den Systemschriften Ihres Geräts. Es wird keine Verbindung zu Google Fonts oder anderen Schriftarten- oder CDN-Anbietern aufgebaut.',
    localFonts: /Schriftarten liegen auf unserem Server/,
    // 3. The USA and the DPF decision.
    transfer: /^Übermittlung in Drittländer: Singapur und USA$/,
    adequacy: `Für ${agency.emailjs.hosting.provider} gilt der Angemessenheitsbeschluss (EU) 2023/1795 (EU-US Data Privacy Framework).`,
    // 4. No warranty of a fact by the client.
    warrants: /versichert/,
    responsible:
      '(2) Der Auftraggeber ist dafür verantwortlich, dass er an den gelieferten Inhalten die erforderlichen Rechte hat und diese nicht gegen geltendes Recht verstoßen',
    // 5. Digital Services Act.
    dsaHeading: 'Zentrale Kontaktstelle nach dem Digital Services Act',
    dsaContact: /Zentrale Kontaktstelle nach Art\. 11 und 12 DSA .*: E-Mail (\S+); Sprachen: (.+)\./,
    dsaNotices:
      /Hinweise auf rechtswidrige Inhalte auf von uns gehosteten Websites nehmen wir unter (\S+) entgegen.*\(Art\. 14, 16, 17 DSA\)/,
    // 6. Professional liability insurance.
    insuranceHeading: 'Berufshaftpflichtversicherung',
    // The smaller points.
    withheld:
      'Hält der Auftraggeber Vergütung berechtigt zurück, etwa wegen Mängeln, widerrufen wir die Gestattung nicht.',
    reserved: 'Vorher angezeigte Mängel gelten als vorbehalten (§ 640 Abs. 3 BGB).',
    otherEarnings:
      'abzüglich ersparter Aufwendungen und dessen, was wir anderweitig erwerben oder zu erwerben böswillig unterlassen (§ 648 Satz 2 BGB)',
    updatesFree:
      'Aktualisierungen, die wir einem Verbraucher nach § 327f BGB schulden (§ 7 Abs. 5), sind mit der vereinbarten Vergütung abgegolten; wir berechnen sie nicht gesondert, auch nicht als Wartung (§ 327s Abs. 1 BGB).',
    changesNote: 'Stand',
    changes: ['§ 2', '§ 4 Abs. 2', '§ 6 Abs. 2', '§ 6 Abs. 5', '§ 9 Abs. 1', '§ 10 Abs. 1', '§ 11 Abs. 6'],
    books:
      'Bücher und Aufzeichnungen unserer Buchführung, in denen Sie als Kundin oder Kunde genannt sind, zehn Jahre (§ 147 Abs. 1 Nr. 1, Abs. 3 AO)',
    contract: 'Kunden- und Vertragsdaten',
    objection: 'Widerspruchsrecht nach Art. 21 DSGVO',
    referenceObjection:
      'Der Nennung Ihres Projekts als Referenz (Art. 6 Abs. 1 lit. f DSGVO) können Sie jederzeit ohne Angabe von Gründen widersprechen; wir nehmen die Referenz dann von unserer Website und aus unseren Profilen.',
    particularSituation: /aus Gründen, die sich aus Ihrer besonderen Situation ergeben/,
    referenceSection: 'Referenzen',
    referenceUnconditional:
      'Sie können dem jederzeit ohne Angabe von Gründen widersprechen (Art. 21 DSGVO); wir nehmen die Referenz dann von unserer Website und aus unseren Profilen.',
    termsReference: 'er kann dem jederzeit ohne Angabe von Gründen mit Wirkung für die Zukunft widersprechen',
    oldReference: 'aus unseren Angeboten',
    social: 'Unsere Profile in sozialen Netzwerken',
    agreement: (label: string) => `Vereinbarung mit ${label}`,
    china: `${agency.social.find((link) => link.network === 'tiktok')!.label}: ${agency.social.find((link) => link.network === 'tiktok')!.operator}; Drittländer: USA und China`,
    essence: 'deren wesentlichen Inhalt sie Ihnen dort zur Verfügung stellen (Art. 26 Abs. 2 DSGVO)',
    source:
      'Die Daten der Ansprechpersonen unserer Auftraggeber erhalten wir in der Regel nicht von ihnen selbst, sondern von dem Auftraggeber, für den sie tätig sind, etwa wenn er sie uns als Ansprechperson für das Projekt nennt (Art. 14 Abs. 2 lit. f DSGVO).',
    formNote: 'Ihre Angaben verwenden wir, um Ihre Anfrage zu beantworten.',
    formNoteOnly: /nur, um/,
  },
  en: {
    modelFormSentence: 'You may use the attached model withdrawal form, but it is not obligatory.',
    expirySentence:
      'The right of withdrawal expires when we have fully provided the service and you have previously given your express consent to our starting before the withdrawal period ends and acknowledged that you lose your right of withdrawal once we have fully performed the contract (§ 356(4) BGB).',
    secondRegime: /§ 356\(5\)|digital content|that you receive with our quotation/,
    modelForm: 'Model withdrawal form',
    modelFormText: [
      'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*)',
      '(*) Delete as appropriate.',
    ],
    noWebFonts:
      'No web fonts: We load no fonts; text appears in your device’s system fonts. No connection is made to Google Fonts or any other font or CDN provider.',
    localFonts: /fonts are stored on our server/,
    transfer: /^Transfer to third countries: Singapore and USA$/,
    adequacy: `For ${agency.emailjs.hosting.provider}, the adequacy decision (EU) 2023/1795 (EU-U.S. Data Privacy Framework) applies.`,
    warrants: /warrants/,
    responsible:
      '(2) The client is responsible for holding the necessary rights to the content it supplies and for ensuring that the content does not violate applicable law',
    dsaHeading: 'Single point of contact under the Digital Services Act',
    dsaContact: /Single point of contact under Art\. 11 and 12 DSA .*: email (\S+); languages: (.+)\./,
    dsaNotices: /We accept notices of illegal content on websites we host at (\S+), .*\(Art\. 14, 16, 17 DSA\)/,
    insuranceHeading: 'Professional liability insurance',
    withheld:
      'If the client rightfully withholds remuneration, for example because of defects, we do not revoke the permission.',
    reserved: 'Defects reported before are deemed reserved (§ 640(3) BGB).',
    otherEarnings:
      'less the expenses saved and whatever we acquire, or maliciously fail to acquire, by other use of our capacity (§ 648 sentence 2 BGB)',
    updatesFree:
      'Updates we owe a consumer under § 327f BGB (§ 7(5)) are covered by the agreed remuneration; we do not charge for them separately, not even as maintenance (§ 327s(1) BGB).',
    changesNote: 'Date',
    changes: ['§ 2', '§ 4(2)', '§ 6(2)', '§ 6(5)', '§ 9(1)', '§ 10(1)', '§ 11(6)'],
    books:
      'books and records of our accounting in which you are named as a client for ten years (§ 147(1) no. 1 and (3) AO)',
    contract: 'Client and contract data',
    objection: 'Right to object under Art. 21 GDPR',
    referenceObjection:
      'You can object to your project being named as a reference (Art. 6(1)(f) GDPR) at any time without giving reasons; we will then remove the reference from our website and our profiles.',
    particularSituation: /on grounds relating to your particular situation/,
    referenceSection: 'References',
    referenceUnconditional:
      'You can object to this at any time without giving reasons (Art. 21 GDPR); we will then remove the reference from our website and our profiles.',
    termsReference: 'the client may object to this at any time without giving reasons with effect for the future',
    oldReference: 'we will then remove the reference.',
    social: 'Our profiles on social networks',
    agreement: (label: string) => `arrangement with ${label}`,
    china: `${agency.social.find((link) => link.network === 'tiktok')!.label}: ${agency.social.find((link) => link.network === 'tiktok')!.operator}; third countries: USA and China`,
    essence: 'whose essence they make available to you there (Art. 26(2) GDPR)',
    source:
      'As a rule, we receive the data of our clients’ contact persons not from them but from the client they work for, for example when it names them to us as the contact person for the project (Art. 14(2)(f) GDPR).',
    formNote: 'We use your details to answer your enquiry.',
    formNoteOnly: /details only/,
  },
};

for (const locale of locales) {
  const says = review2[locale];
  const openTerms = async (page: Page) => {
    await page.goto(localizedPath('/agb/', locale));
    return page.locator('[data-legal-page="agb"]');
  };

  test(`the terms (${locale}) have one withdrawal regime for services, in the words of Anlage 1 EGBGB`, async ({
    page,
  }) => {
    const article = await openTerms(page);
    expect(await sectionText(page, 'agb', terms[locale].withdrawal)).toContain(says.modelFormSentence);
    await expect(article).toContainText(says.expirySentence);
    await expect(article).not.toContainText(says.secondRegime);
    const form = await sectionText(page, 'agb', says.modelForm);
    for (const line of says.modelFormText) expect(form).toContain(line);
    expect(form).toContain(`${agency.legalName}, ${agency.street}, ${agency.postalCode} ${agency.town}`);
  });

  test(`the terms (${locale}) make the client responsible for its content instead of warranting it`, async ({
    page,
  }) => {
    const article = await openTerms(page);
    await expect(article).toContainText(says.responsible);
    await expect(article).not.toContainText(says.warrants);
  });

  test(`the terms (${locale}) take notices of illegal content exactly when the agency hosts`, async ({ page }) => {
    const article = await openTerms(page);
    const text = (await article.textContent())!.replace(/\s+/g, ' ');
    const notices = text.match(says.dsaNotices);
    expect(Boolean(notices), 'notice and action (Art. 16 DSA) in § 3(5)').toBe(agency.clientHosting.offered);
    if (notices) expect(notices[1]).toBe(agency.email);
  });

  test(`the terms (${locale}) carry the smaller fixes and list every change of November 2026`, async ({ page }) => {
    const article = await openTerms(page);
    for (const text of [says.withheld, says.reserved, says.otherEarnings, says.updatesFree, says.termsReference]) {
      await expect(article).toContainText(text);
    }
    const note = await sectionText(page, 'agb', says.changesNote);
    for (const change of says.changes) expect(note).toContain(`(${change})`);
  });

  test(`the imprint (${locale}) names the DSA contact point exactly when the agency hosts, and insurance only when it has one`, async ({
    page,
  }) => {
    await page.goto(localizedPath('/impressum/', locale));
    const article = page.locator('[data-legal-page="impressum"]');
    await expect(article.locator('h3', { hasText: says.dsaHeading })).toHaveCount(agency.clientHosting.offered ? 1 : 0);
    if (agency.clientHosting.offered) {
      const contact = (await sectionText(page, 'impressum', says.dsaHeading)).match(says.dsaContact);
      expect(contact, 'the contact point with its e-mail and languages').not.toBeNull();
      expect(contact![1]).toBe(agency.email);
      for (const language of agency.clientHosting.contactLanguages) expect(contact![2]).toContain(language[locale]);
    }
    const insurance = (agency as { professionalLiabilityInsurance?: { insurer: string } })
      .professionalLiabilityInsurance;
    await expect(article.locator('h3', { hasText: says.insuranceHeading })).toHaveCount(insurance ? 1 : 0);
    if (!insurance) await expect(article).not.toContainText('DL-InfoV');
  });

  test(`the privacy policy (${locale}) loads no web fonts and says so`, async ({ page }) => {
    await page.goto(localizedPath('/datenschutz/', locale));
    const article = page.locator('[data-legal-page="datenschutz"]');
    await expect(article).toContainText(says.noWebFonts);
    await expect(article).not.toContainText(says.localFonts);
  });

  test(`the privacy policy (${locale}) names the USA and decision (EU) 2023/1795 for EmailJS's servers`, async ({
    page,
  }) => {
    await page.goto(localizedPath('/datenschutz/', locale));
    const transfer = await sectionText(page, 'datenschutz', says.transfer);
    expect(transfer).toContain(agency.emailjs.hosting.provider);
    expect(transfer).toContain('USA');
    expect(transfer).toContain(says.adequacy);
  });

  test(`the privacy policy (${locale}) carries the smaller fixes of the second review`, async ({ page }) => {
    await page.goto(localizedPath('/datenschutz/', locale));
    const article = page.locator('[data-legal-page="datenschutz"]');
    const contract = await sectionText(page, 'datenschutz', says.contract);
    expect(contract).toContain(says.books);
    expect(contract).toContain(says.source);
    expect(await sectionText(page, 'datenschutz', says.referenceSection)).toContain(says.referenceUnconditional);
    const objection = await sectionText(page, 'datenschutz', says.objection);
    expect(objection).toContain(says.referenceObjection);
    // The reference is no longer among the objections that need a particular situation.
    const conditional = objection.split('. ').find((sentence) => says.particularSituation.test(sentence))!;
    expect(conditional).not.toMatch(/Referenz|reference/);
    await expect(article).not.toContainText(says.oldReference);
    const social = await sectionText(page, 'datenschutz', says.social);
    expect(social).toContain(says.china);
    expect(social).toContain(says.essence);
    for (const link of agency.social) {
      const agreement = article.getByRole('link', { name: says.agreement(link.label) });
      await expect(agreement).toHaveAttribute('href', link.jointControllerAgreement);
      await expect(agreement).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test(`the note beside the form (${locale}) does not say the data are used only to answer`, async ({ page }) => {
    await page.goto(localizedPath('/', locale));
    const form = page.locator('#contact form');
    await expect(form).toContainText(says.formNote);
    await expect(form).not.toContainText(says.formNoteOnly);
  });
}
