import { existsSync } from 'node:fs';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { icons, type IconName } from '../../components/icons';
import { externalUrl, localizedText, month } from './fields';

/** The schemas of one entry of the team, features, services, projects and legal collections. */

type ImageHelper = SchemaContext['image'];

/** Any icon the site draws; the list lives with the icons so a new one is usable at once. */
const iconName = z.enum(Object.keys(icons) as [IconName, ...IconName[]]);

export const teamMemberSchema = (image: ImageHelper) =>
  z.object({
    name: z.string().min(1),
    role: localizedText,
    /** The member's own site, linked from the member's dialog. */
    portfolioUrl: externalUrl,
    experienceYears: z.number().int().positive(),
    /** The portrait, from `src/assets/`. */
    image: image(),
    bio: localizedText,
    /** Comma-separated, as `docs/behaviour.md` has it; shown as chips in the member's dialog. */
    skills: localizedText,
  });

export const featureSchema = z.object({
  icon: iconName,
  title: localizedText,
  description: localizedText,
});

/** Services share the shape of the about section's features: icon, title, description. */
export const serviceSchema = featureSchema;

export const projectCategories = ['catering', 'portfolio', 'rental', 'restaurant'] as const;
export type ProjectCategory = (typeof projectCategories)[number];

export const projectSchema = (image: ImageHelper) =>
  z.object({
    title: z.string().min(1),
    category: z.enum(projectCategories),
    description: localizedText,
    /** The screenshot on the card, from `src/assets/`. */
    image: image(),
    /** The clip the card plays on hover, by its name in `public/videos/`; a card without one shows the image. */
    video: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a file name without extension, like "tafelwerk"')
      // Both files must be there: the card offers the browser each.
      .refine((name) => ['webm', 'mp4'].every((ext) => existsSync(`public/videos/${name}.${ext}`)), {
        message: 'needs public/videos/<video>.webm and public/videos/<video>.mp4',
      })
      .optional(),
    /** The live site. */
    url: externalUrl,
  });

/** A legal text's front matter. */
export const legalPageSchema = z
  .object({
    /** The page's heading and the first part of its title. */
    title: z.string().min(1),
    /** The page's meta description, the length search engines show. */
    description: z.string().min(50).max(170),
    /** The date the text is known by ("Stand"); January 2025 for the terms (`docs/behaviour.md`). */
    updated: month,
    /** The latest revision, shown next to `updated` so that date stays as it was. */
    revised: month.optional(),
  })
  .refine((page) => !page.revised || page.revised > page.updated, {
    message: 'must be a later month than updated',
    path: ['revised'],
  });
