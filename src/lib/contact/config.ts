import {
  PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_DE,
  PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_EN,
  PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID,
  PUBLIC_EMAILJS_ORIGIN,
  PUBLIC_EMAILJS_PUBLIC_KEY,
  PUBLIC_EMAILJS_SERVICE_ID,
} from 'astro:env/client';

/**
 * The contact form's EmailJS settings: the one place the site reads environment variables. Their
 * schema is in astro.config.mjs, so a build without them stops and names the missing ones.
 */
export const contactConfig = {
  publicKey: PUBLIC_EMAILJS_PUBLIC_KEY,
  serviceId: PUBLIC_EMAILJS_SERVICE_ID,
  origin: PUBLIC_EMAILJS_ORIGIN,
  templates: {
    notification: PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID,
    autoReply: { de: PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_DE, en: PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_EN },
  },
};
