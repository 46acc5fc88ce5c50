import { z } from 'astro/zod';
import { projectCategories, type ProjectCategory } from './entries';

/**
 * What `docs/behaviour.md` fixes about whole collections, checked by the loader on the list as
 * written in the file: the counts, and the mix of project categories.
 */
const withId = z.looseObject({ id: z.string().min(1) });

export const teamList = z.array(withId).length(2, 'the team has exactly two members');
export const featureList = z.array(withId).length(4, 'the about section has exactly four features');
export const serviceList = z.array(withId).length(6, 'there are exactly six services');

const projectCategoryMix: Record<ProjectCategory, number> = {
  catering: 2,
  portfolio: 1,
  rental: 2,
  restaurant: 1,
};

export const projectList = z
  .array(withId.extend({ category: z.string() }))
  .length(6, 'there are exactly six projects')
  .superRefine((projects, ctx) => {
    for (const category of projectCategories) {
      const found = projects.filter((project) => project.category === category).length;
      if (found !== projectCategoryMix[category]) {
        ctx.addIssue({
          code: 'custom',
          message: `expected ${projectCategoryMix[category]} project(s) of category "${category}", found ${found}`,
        });
      }
    }
  });
