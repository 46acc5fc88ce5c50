// @ts-check
/**
 * Checks the e-mail templates whenever the site builds or the dev server starts: a template that
 * uses a variable the form does not send stops it, naming the file and the variable. The dev server
 * restarts (and checks again) when a template changes.
 */
import { checkEmailTemplates, emailTemplates, emailsFolder } from '../src/emails/templates.mjs';

export function emailTemplatesCheck() {
  /** @type {import('astro').AstroIntegration} */
  const integration = {
    name: 'email-templates',
    hooks: {
      'astro:config:setup': async ({ addWatchFile }) => {
        for (const { file } of Object.values(emailTemplates)) addWatchFile(new URL(file, emailsFolder));
        await checkEmailTemplates();
      },
    },
  };
  return integration;
}
