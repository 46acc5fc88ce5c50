import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { schemaHasField } from './schema-fields';

describe('schemaHasField', () => {
  const schema = z.object({
    name: z.string(),
    insurance: z.object({ insurer: z.string() }).optional(),
    hosting: z.object({ offered: z.boolean() }).refine(() => true),
    social: z.array(z.object({ label: z.string() })).length(1),
    note: z.string().default('none'),
  });

  it('finds declared fields, through optional, refined and listed ones', () => {
    for (const path of ['name', 'insurance', 'insurance.insurer', 'hosting.offered', 'social.0.label', 'note']) {
      expect(schemaHasField(schema, path), path).toBe(true);
    }
  });

  it('rejects what the schema does not declare', () => {
    for (const path of ['nme', 'insurance.address', 'name.first', 'social.label', 'social.x', 'hosting.offered.y']) {
      expect(schemaHasField(schema, path), path).toBe(false);
    }
  });
});
