import type { HastPluginDefinition } from 'satteri';

/** A link target that leaves the site (agency-tokens.ts has filled in the agency's addresses by now). */
const EXTERNAL_HREF = /^https?:\/\//i;

/**
 * Markdown (Sätteri hast) plugin: every link that leaves the site opens in a new tab without
 * handing the new page a reference to ours (`noopener`) or our URL (`noreferrer`), as the
 * budgets demand for all external links, including those inside the legal texts. A link whose
 * text is its own address is marked, so print (global.css) does not write the address out twice.
 */
export const externalLinks: HastPluginDefinition = {
  name: 'external-links',
  element: {
    filter: ['a'],
    visit(node, ctx) {
      if (!EXTERNAL_HREF.test(node.properties.href ?? '')) return;
      ctx.setProperty(node, 'target', '_blank');
      ctx.setProperty(node, 'rel', ['noopener', 'noreferrer']);
      if (ctx.textContent(node).trim() === decodeURIComponent(String(node.properties.href))) {
        ctx.setProperty(node, 'dataShowsUrl', true);
      }
    },
  },
};
