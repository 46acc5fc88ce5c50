// @ts-check
/** A link target that leaves the site: a web address, or an agency token (`{{supervisoryAuthority.url}}`,
 * percent-encoded by the Markdown parser) that is filled in later with one. */
const EXTERNAL_HREF = /^(https?:\/\/|\{\{|%7B%7B)/i;

/**
 * Markdown (Sätteri hast) plugin: every link that leaves the site opens in a new tab without
 * handing the new page a reference to ours (`noopener`) or our URL (`noreferrer`), as the
 * budgets demand for all external links, including those inside the legal texts. A link whose
 * text is its own address is marked, so print (global.css) does not write the address out twice.
 * @type {import('satteri').HastPluginDefinition}
 */
export const externalLinks = {
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
