/**
 * German UI strings: the reference dictionary. Each other locale's, `<locale>.ts` beside it, is typed
 * against its keys. Keys are flat and dotted, grouped by the part of the page they belong to.
 * `{name}` marks a value filled in by `t(key, { name })`.
 */
const de = {
  'site.skipToContent': 'Zum Inhalt springen',
  'site.homeLink': '{name}: zur Startseite',
  // At most 70 characters with the name, or search results cut it off.
  'meta.home.title': '{name} · Webdesign für Düsseldorf, Köln und Rhein-Ruhr',
  'meta.home.description':
    'Individuelle, schnelle und barrierefreie Websites aus {town}: Webdesign, Entwicklung, SEO, CMS, Hosting und Wartung für Unternehmen in Düsseldorf, Köln und der Region.',

  'nav.label': 'Hauptnavigation',
  'nav.menu': 'Menü',
  'nav.about': 'Über uns',
  'nav.services': 'Leistungen',
  'nav.projects': 'Projekte',
  'nav.contact': 'Kontakt',

  'theme.toDark': 'Dunkles Design einschalten',
  'theme.toLight': 'Helles Design einschalten',
  'language.label': 'Sprache',
  'scrollTop.label': 'Nach oben scrollen',

  'hero.eyebrow': 'Webdesign-Studio am Rhein',
  'hero.title': 'Websites, die Ihr Handwerk zeigen.',
  'hero.lead':
    'Wir sind ein kleines Studio aus {town} und gestalten individuelle, schnelle Websites für Unternehmen in Düsseldorf, Köln und der Rhein-Ruhr-Region. Persönlich, ehrlich und mit Liebe zum Detail.',
  'hero.cta': 'Projekt anfragen',
  'hero.secondary': 'Projekte ansehen',
  'hero.point.personal': 'Persönliche Betreuung',
  'hero.point.fast': 'Optimiert für Tempo',
  'hero.point.local': 'Aus der Region',

  'about.eyebrow': 'Über uns',
  'about.title': 'Zwei Köpfe, ein Anspruch: Websites, die wirken.',
  'about.lead':
    '{name} ist ein Zwei-Personen-Studio. Bei uns gibt es keine Account-Manager und keine Praktikanten, die Ihr Projekt übernehmen: Sie arbeiten direkt mit den Menschen, die Ihre Website gestalten und bauen.',
  'about.features': 'Was uns ausmacht',
  'about.experience': '{years} Jahre Erfahrung',
  'about.openProfile': 'Profil von {name} öffnen',
  'about.portfolio': 'Portfolio ansehen',
  'about.skills': 'Schwerpunkte',
  'about.close': 'Schließen',

  'services.eyebrow': 'Leistungen',
  'services.title': 'Alles für Ihren Auftritt im Netz',
  'services.lead':
    'Von der ersten Idee bis zum laufenden Betrieb: Wir begleiten Ihre Website über den ganzen Weg, oder genau dort, wo Sie Unterstützung brauchen.',

  'projects.eyebrow': 'Projekte',
  'projects.title': 'Ausgewählte Arbeiten',
  'projects.lead': 'Ein Auszug aus Projekten für Unternehmen aus der Region.',
  'projects.leadPointer': 'Fahren Sie mit der Maus über ein Projekt, um es in Bewegung zu sehen.',
  'projects.leadTouch': 'Ein Tipp auf „Website besuchen“ öffnet ein Projekt live in einem neuen Tab.',
  'projects.visit': 'Website besuchen',
  // The link's name starts with the words it shows, so "Website besuchen" said aloud hits it (WCAG 2.5.3).
  'projects.visitLabel': 'Website besuchen: {title}',
  'projects.screenshot': 'Startseite von {title}',
  'projects.category.catering': 'Catering',
  'projects.category.portfolio': 'Portfolio',
  'projects.category.rental': 'Verleih',
  'projects.category.restaurant': 'Restaurant',

  'contact.eyebrow': 'Kontakt',
  'contact.title': 'Erzählen Sie uns von Ihrem Projekt',
  'contact.lead':
    'Schreiben Sie uns ein paar Zeilen zu Ihrem Vorhaben. Wir melden uns innerhalb von zwei Werktagen mit einer ersten Einschätzung, kostenlos und unverbindlich.',
  'contact.details': 'So erreichen Sie uns',
  'contact.details.email': 'E-Mail',
  'contact.details.phone': 'Telefon',
  'contact.details.address': 'Adresse',
  'contact.noscript': 'Das Formular braucht JavaScript. Schreiben Sie uns gern direkt:',
  'contact.unavailable': 'Das Formular konnte nicht geladen werden. Schreiben Sie uns gern direkt:',
  'contact.form.label': 'Kontaktformular',
  'contact.form.name': 'Name',
  'contact.form.email': 'E-Mail',
  'contact.form.title': 'Betreff',
  'contact.form.project': 'Projektbeschreibung',
  'contact.form.optional': 'optional',
  'contact.form.requiredNote': 'Mit * markierte Felder sind Pflichtfelder.',
  'contact.form.namePlaceholder': 'Max Mustermann',
  'contact.form.emailPlaceholder': 'max@beispiel.de',
  'contact.form.titlePlaceholder': 'Neue Website für mein Café',
  'contact.form.projectPlaceholder': 'Worum geht es, was wünschen Sie sich, bis wann?',
  'contact.form.nameMissing': 'Bitte geben Sie Ihren Namen ein.',
  'contact.form.emailMissing': 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  'contact.form.emailMalformed': 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. max@beispiel.de.',
  'contact.form.emailDomainWithoutDot':
    'Diese Adresse ist unvollständig: Nach dem @ fehlt die Endung, z. B. beispiel.de. Unsere Antwort käme so nicht an.',
  'contact.form.titleMissing': 'Bitte geben Sie einen Betreff ein.',
  'contact.form.tooLong': 'Das ist zu lang: höchstens {max} Zeichen.',
  'contact.form.submit': 'Nachricht senden',
  'contact.form.sending': 'Wird gesendet...',
  'contact.form.success': 'Nachricht erfolgreich gesendet! Wir melden uns bald bei Ihnen.',
  'contact.form.error': 'Fehler beim Senden. Bitte versuchen Sie es erneut oder kontaktieren Sie uns direkt.',
  'contact.form.notice.notDelivered':
    'Ihre Nachricht ist nicht bei uns angekommen. Ihr Text steht noch im Formular: Senden Sie ihn gleich noch einmal oder schreiben Sie uns an {email}.',
  'contact.form.notice.noAnswer':
    'Der Versanddienst hat nicht geantwortet, daher wissen wir nicht, ob Ihre Nachricht angekommen ist. Ihr Text steht noch im Formular: Senden Sie ihn noch einmal oder schreiben Sie uns an {email}.',
  'contact.form.notice.delivered':
    'Ihre Nachricht ist bei uns angekommen, Sie brauchen sie nicht noch einmal zu senden. Nur die Eingangsbestätigung an Ihre E-Mail-Adresse ließ sich nicht verschicken.',
  'contact.form.notice.interrupted':
    'Diese Nachricht war unterwegs, als die Seite verlassen wurde, und ist vielleicht schon bei uns. Kommt keine Eingangsbestätigung per E-Mail, senden Sie sie noch einmal oder schreiben Sie uns an {email}.',
  'contact.form.privacy': 'Ihre Angaben verwenden wir, um Ihre Anfrage zu beantworten. Mehr dazu in unserer {link}.',
  'contact.form.privacyLink': 'Datenschutzerklärung',
  'contact.form.honeypot': 'Bitte dieses Feld leer lassen',

  'footer.tagline':
    'Webdesign-Studio aus {town}. Individuelle Websites für Düsseldorf, Köln und die Rhein-Ruhr-Region.',
  'footer.social': 'Social Media',
  'footer.socialLink': '{name} auf {network}',
  'footer.services': 'Leistungen',
  'footer.legal': 'Rechtliches',
  'footer.imprint': 'Impressum',
  'footer.privacy': 'Datenschutz',
  'footer.terms': 'AGB',
  'footer.accessibility': 'Barrierefreiheit',
  'footer.contact': 'Kontakt',
  'footer.copyright': '© {year} {name}. Alle Rechte vorbehalten.',
  'footer.location': 'Gemacht in {town}, zwischen Düsseldorf und Köln.',

  'legal.back': 'Zurück zur Startseite',
  'legal.updated': 'Stand: {date}',
  'legal.revised': 'Stand: {date}, zuletzt geändert: {revised}',

  'notFound.title': 'Seite nicht gefunden',
  'notFound.lead': 'Diese Seite gibt es nicht (mehr). Vielleicht hilft Ihnen einer dieser Wege weiter:',
  'notFound.home': 'Zur Startseite',
  'notFound.contact': 'Kontakt aufnehmen',
} satisfies Record<string, string>;

export default de;

export type UIKey = keyof typeof de;
export type Dictionary = Record<UIKey, string>;
