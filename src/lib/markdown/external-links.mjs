// @ts-check
/**
 * Rehype plugin: every link that leaves the site opens in a new tab without handing the
 * new page a reference to ours (`noopener`) or our URL (`noreferrer`), as the budgets demand
 * for all external links, including those inside the legal texts. A link whose whole target is
 * an agency token (`{{supervisoryAuthority.url}}`, percent-encoded by then) is filled in later
 * with a web address, so it counts as external too.
 */
export function externalLinks() {
  /** @param {any} node */
  const visit = (node) => {
    if (node.type === 'element' && node.tagName === 'a') {
      const href = String(node.properties?.href ?? '');
      if (/^(https?:\/\/|\{\{|%7B%7B)/i.test(href)) {
        node.properties.target = '_blank';
        node.properties.rel = ['noopener', 'noreferrer'];
      }
    }
    node.children?.forEach(visit);
  };
  return visit;
}
