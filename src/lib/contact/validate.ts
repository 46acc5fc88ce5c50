import type { ContactField, ContactMessage } from './message';

/**
 * Why a field cannot be sent. `emailMalformed` is what the browser's `type="email"` check refuses;
 * `emailDomainWithoutDot` is what it lets through but no mail can reach (`erika@example`).
 */
export type FieldProblem = 'missing' | 'emailMalformed' | 'emailDomainWithoutDot';

export type FieldErrors = Partial<Record<ContactField, FieldProblem>>;

/** The fields in the order a visitor meets them: focus goes to the first one in error. */
export const contactFields: readonly ContactField[] = ['name', 'email', 'title', 'project'];

const requiredFields: ReadonlySet<ContactField> = new Set(['name', 'email', 'title']);

/**
 * The HTML standard's "valid e-mail address", the very rule behind `type="email"`:
 * https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
 */
const whatwgEmail =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * The e-mail check: the browser's rule, so it is never weaker than `type="email"`, plus a dot in
 * the domain, since a confirmation to a domain without one (`erika@example`) can never arrive.
 * Browsers strip surrounding whitespace from an e-mail input's value; so does this.
 */
export function checkEmail(value: string): FieldProblem | undefined {
  const email = value.trim();
  if (!email) return 'missing';
  if (!whatwgEmail.test(email)) return 'emailMalformed';
  if (!email.slice(email.indexOf('@') + 1).includes('.')) return 'emailDomainWithoutDot';
  return undefined;
}

/** What is wrong with one field's value, if anything. */
export function checkField(field: ContactField, value: string): FieldProblem | undefined {
  if (field === 'email') return checkEmail(value);
  return requiredFields.has(field) && !value.trim() ? 'missing' : undefined;
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

/** The field that gets focus after a refused submit. */
export const firstFieldInError = (errors: FieldErrors): ContactField | undefined =>
  contactFields.find((field) => errors[field]);
