/**
 * What the visitor types into the contact form, and the checks it must pass before it is sent
 * (docs/behaviour.md › Contact form). `project` is optional.
 */
export interface ContactMessage {
  name: string;
  email: string;
  title: string;
  project: string;
}

export type ContactField = keyof ContactMessage;

/** The fields in the order a visitor meets them: focus goes to the first one in error. */
export const contactFields: readonly ContactField[] = ['name', 'email', 'title', 'project'];

export const emptyMessage: ContactMessage = { name: '', email: '', title: '', project: '' };

/** Generous upper bounds: enough for any real enquiry, short of abuse. */
export const fieldMaxLength: Record<ContactField, number> = { name: 100, email: 254, title: 150, project: 5000 };

/**
 * Why a field cannot be sent. `emailMalformed` is what the browser's `type="email"` check refuses;
 * `emailDomainWithoutDot` is what it lets through but no mail can reach (`erika@example`);
 * `tooLong` is a value past the field's `maxlength`, which only binds typing, not a script or an
 * extension that sets the value.
 */
export type FieldProblem = 'missing' | 'tooLong' | 'emailMalformed' | 'emailDomainWithoutDot';

export type FieldErrors = Partial<Record<ContactField, FieldProblem>>;

/**
 * Whether a value shows anything at all: a name of zero-width spaces is no name. Visible is a letter,
 * digit, punctuation mark or symbol; not spaces, line breaks, control and format characters
 * (zero-width space U+200B, word joiner U+2060, the bidi overrides such as U+202E), combining marks
 * on their own, nor the blanks that Unicode files as letters or symbols: the Hangul fillers (U+115F,
 * U+1160, U+3164, U+FFA0) and the blank Braille pattern (U+2800).
 */
const hasVisibleText = (value: string): boolean =>
  /[\p{L}\p{N}\p{P}\p{S}]/u.test(value.replace(/[\u115F\u1160\u3164\uFFA0\u2800]/gu, ''));

/**
 * The HTML standard's "valid e-mail address", the very rule behind `type="email"`:
 * https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
 */
const whatwgEmail =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * An internationalised domain: labels of letters, marks and digits, hyphens inside, joined by dots
 * (the same shape the standard's rule asks of an ASCII domain).
 */
const UNICODE_DOMAIN =
  /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?(?:\.[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?)*$/u;

/**
 * The domain as the mail system sees it: `bücher.de` becomes `xn--bcher-kva.de`. Chromium hands
 * the form this ASCII form already, other browsers may hand over what was typed; the URL parser
 * applies the same IDNA rules. Anything but letters, digits, dots and hyphens is left as it is, so
 * the parser's own leniency (percent escapes, full-width dots) never turns a bad domain into a good one.
 */
function asciiDomain(domain: string): string {
  if (!/[\x80-\uFFFF]/.test(domain) || !UNICODE_DOMAIN.test(domain)) return domain;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return domain;
  }
}

/**
 * The e-mail check: the browser's rule, so it is never weaker than `type="email"`, plus a dot in
 * the domain, since a confirmation to a domain without one (`erika@example`) can never arrive.
 * Browsers strip surrounding whitespace from an e-mail input's value; so does this.
 */
function checkEmail(value: string): FieldProblem | undefined {
  const email = value.trim();
  if (!email) return 'missing';
  if (value.length > fieldMaxLength.email) return 'tooLong';
  const at = email.lastIndexOf('@');
  const domain = asciiDomain(email.slice(at + 1));
  if (at < 0 || !whatwgEmail.test(`${email.slice(0, at)}@${domain}`)) return 'emailMalformed';
  if (!domain.includes('.')) return 'emailDomainWithoutDot';
  return undefined;
}

/** What is wrong with one field's value, if anything. */
export function checkField(field: ContactField, value: string): FieldProblem | undefined {
  if (field === 'email') return checkEmail(value);
  if (field !== 'project' && !hasVisibleText(value)) return 'missing';
  return value.length > fieldMaxLength[field] ? 'tooLong' : undefined;
}

/** Every field that cannot be sent as it is, and why. An empty object means the message may go. */
export function validateContactMessage(message: ContactMessage): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of contactFields) {
    const problem = checkField(field, message[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}
