/** What the visitor types into the contact form. `project` is optional. */
export interface ContactMessage {
  name: string;
  email: string;
  title: string;
  project: string;
}

export type ContactField = keyof ContactMessage;

export const emptyMessage: ContactMessage = { name: '', email: '', title: '', project: '' };

/** Generous upper bounds: enough for any real enquiry, short of abuse. */
export const fieldMaxLength: Record<ContactField, number> = {
  name: 100,
  email: 254,
  title: 150,
  project: 5000,
};
