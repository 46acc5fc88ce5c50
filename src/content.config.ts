import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { jsonFile } from './content/loader';
import { locales } from './i18n/locales';
import { agencySchema } from './content/schemas/agency';
import {
  featureSchema,
  legalPageSchema,
  projectSchema,
  serviceSchema,
  teamMemberSchema,
} from './content/schemas/entries';
import { featureList, projectList, serviceList, teamList } from './content/schemas/lists';

export const collections = {
  agency: defineCollection({
    loader: jsonFile({ path: 'src/content/agency.json', singleton: 'agency' }),
    schema: agencySchema,
  }),
  team: defineCollection({
    loader: jsonFile({ path: 'src/content/team.json', list: teamList }),
    schema: ({ image }) => teamMemberSchema(image),
  }),
  features: defineCollection({
    loader: jsonFile({ path: 'src/content/features.json', list: featureList }),
    schema: featureSchema,
  }),
  services: defineCollection({
    loader: jsonFile({ path: 'src/content/services.json', list: serviceList }),
    schema: serviceSchema,
  }),
  projects: defineCollection({
    loader: jsonFile({ path: 'src/content/projects.json', list: projectList }),
    schema: ({ image }) => projectSchema(image),
  }),
  legal: defineCollection({
    // One folder per locale of the registry: src/content/legal/<locale>/<page>.md.
    // Rendered when a page asks (deferRender), not cached with the entry: the agency's facts in them
    // (integrations/agency-tokens.ts) are then never older than agency.json.
    loader: glob({ pattern: locales.map((locale) => `${locale}/*.md`), base: 'src/content/legal', deferRender: true }),
    schema: legalPageSchema,
  }),
};
