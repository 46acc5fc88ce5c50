import type { Dictionary } from './de';

/** English UI strings, typed against the German reference so a missing or misspelt key is a type error. */
export default {
  'site.skipToContent': 'Skip to content',
  'site.homeLink': '{name}: go to the home page',
  'meta.home.title': '{name} · Web design for Düsseldorf, Cologne, Rhine-Ruhr',
  'meta.home.description':
    'Custom, fast and accessible websites from {town}: web design, development, SEO, CMS, hosting and maintenance for businesses in Düsseldorf, Cologne and the region.',

  'nav.label': 'Main navigation',
  'nav.menu': 'Menu',
  'nav.about': 'About',
  'nav.services': 'Services',
  'nav.projects': 'Projects',
  'nav.contact': 'Contact',

  'theme.toDark': 'Switch to dark theme',
  'theme.toLight': 'Switch to light theme',
  'language.label': 'Language',
  'scrollTop.label': 'Scroll back to top',

  'hero.eyebrow': 'Web design studio on the Rhine',
  'hero.title': 'Websites that show your craft.',
  'hero.lead':
    'We are a small studio from {town}, designing custom, fast websites for businesses in Düsseldorf, Cologne and the Rhine-Ruhr region. Personal, honest and with an eye for detail.',
  'hero.cta': 'Start a project',
  'hero.secondary': 'See our projects',
  'hero.point.personal': 'Personal support',
  'hero.point.fast': 'Built for speed',
  'hero.point.local': 'From the region',

  'about.eyebrow': 'About us',
  'about.title': 'Two people, one standard: websites that work.',
  'about.lead':
    '{name} is a two-person studio. There are no account managers or interns taking over your project: you work directly with the people who design and build your website.',
  'about.features': 'What sets us apart',
  'about.experience': '{years} years of experience',
  'about.openProfile': 'Open the profile of {name}',
  'about.portfolio': 'View portfolio',
  'about.skills': 'Skills',
  'about.close': 'Close',

  'services.eyebrow': 'Services',
  'services.title': 'Everything for your presence online',
  'services.lead':
    'From the first idea to day-to-day running: we accompany your website all the way, or exactly where you need a hand.',

  'projects.eyebrow': 'Projects',
  'projects.title': 'Selected work',
  'projects.lead': 'A selection of projects for businesses in the region.',
  'projects.leadPointer': 'Hover over a project to see it in motion.',
  'projects.leadTouch': 'Tap “Visit website” to open a project live in a new tab.',
  'projects.visit': 'Visit website',
  'projects.visitLabel': 'Visit website: {title}',
  'projects.screenshot': 'Home page of {title}',
  'projects.category.catering': 'Catering',
  'projects.category.portfolio': 'Portfolio',
  'projects.category.rental': 'Rental',
  'projects.category.restaurant': 'Restaurant',

  'contact.eyebrow': 'Contact',
  'contact.title': 'Tell us about your project',
  'contact.lead':
    'Drop us a few lines about your plans. We will get back to you within two working days with a first assessment, free and without obligation.',
  'contact.details': 'How to reach us',
  'contact.details.email': 'Email',
  'contact.details.phone': 'Phone',
  'contact.details.address': 'Address',
  'contact.noscript': 'The form needs JavaScript. You are welcome to write to us directly:',
  'contact.unavailable': 'The form could not be loaded. You are welcome to write to us directly:',
  'contact.form.label': 'Contact form',
  'contact.form.name': 'Name',
  'contact.form.email': 'Email',
  'contact.form.title': 'Subject',
  'contact.form.project': 'Project description',
  'contact.form.optional': 'optional',
  'contact.form.requiredNote': 'Fields marked with * are required.',
  'contact.form.namePlaceholder': 'Jane Doe',
  'contact.form.emailPlaceholder': 'jane@example.com',
  'contact.form.titlePlaceholder': 'A new website for my café',
  'contact.form.projectPlaceholder': 'What is it about, what would you like, and by when?',
  'contact.form.nameMissing': 'Please enter your name.',
  'contact.form.emailMissing': 'Please enter your email address.',
  'contact.form.emailMalformed': 'Please enter a valid email address, e.g. jane@example.com.',
  'contact.form.emailDomainWithoutDot':
    'This address is incomplete: the part after the @ needs an ending, e.g. example.com. Our reply could not reach it.',
  'contact.form.titleMissing': 'Please enter a subject.',
  'contact.form.tooLong': 'This is too long: at most {max} characters.',
  'contact.form.submit': 'Send message',
  'contact.form.sending': 'Sending...',
  'contact.form.success': 'Message sent successfully! We will get back to you soon.',
  'contact.form.error': 'Error sending message. Please try again or contact us directly.',
  'contact.form.notice.notDelivered':
    'Your message did not reach us. Your text is still in the form: send it again, or write to us at {email}.',
  'contact.form.notice.noAnswer':
    'The sending service did not answer, so we cannot tell whether your message reached us. Your text is still in the form: send it again, or write to us at {email}.',
  'contact.form.notice.delivered':
    'Your message has reached us; there is no need to send it again. Only the confirmation to your email address could not be sent.',
  'contact.form.notice.interrupted':
    'This message was on its way when the page was left, and may already have reached us. If no confirmation arrives by email, send it again or write to us at {email}.',
  'contact.form.privacy': 'We use your details to answer your enquiry. Read more in our {link}.',
  'contact.form.privacyLink': 'privacy policy',
  'contact.form.honeypot': 'Please leave this field empty',

  'footer.tagline': 'Web design studio from {town}. Custom websites for Düsseldorf, Cologne and the Rhine-Ruhr region.',
  'footer.social': 'Social media',
  'footer.socialLink': '{name} on {network}',
  'footer.services': 'Services',
  'footer.legal': 'Legal',
  'footer.imprint': 'Legal notice',
  'footer.privacy': 'Privacy',
  'footer.terms': 'Terms',
  'footer.accessibility': 'Accessibility',
  'footer.contact': 'Contact',
  'footer.copyright': '© {year} {name}. All rights reserved.',
  'footer.location': 'Made in {town}, between Düsseldorf and Cologne.',

  'legal.back': 'Back to the home page',
  'legal.updated': 'Last updated: {date}',
  'legal.revised': 'Version: {date}, last amended: {revised}',

  'notFound.title': 'Page not found',
  'notFound.lead': 'This page does not exist (any more). One of these may help you on your way:',
  'notFound.home': 'Go to the home page',
  'notFound.contact': 'Get in touch',
} satisfies Dictionary;
