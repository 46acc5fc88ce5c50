/**
 * Whether a dotted path (`clientHosting.offered`, `social.1.thirdCountries`) names a field that a zod
 * schema declares, present in the data or not. Optional facts are exactly the ones a legal text may
 * show or leave out, so a text can ask about them only by a name the schema knows.
 *
 * Written against the few shapes both zod 3 and zod 4 share (`shape`, `element`, `unwrap()`,
 * `innerType()`), so it does not depend on the zod version Astro bundles.
 */
interface SchemaNode {
  shape?: Record<string, SchemaNode>;
  element?: SchemaNode;
  unwrap?: () => SchemaNode;
  innerType?: () => SchemaNode;
  removeDefault?: () => SchemaNode;
}

/** Looks through optional, nullable, default and refinement wrappers to the schema they hold. */
function unwrapped(node: SchemaNode): SchemaNode {
  for (let current = node; ;) {
    if (current.shape || current.element) return current;
    const inner = current.unwrap?.() ?? current.innerType?.() ?? current.removeDefault?.();
    if (!inner || inner === current) return current;
    current = inner;
  }
}

export function schemaHasField(schema: unknown, path: string): boolean {
  let node: SchemaNode | undefined = schema as SchemaNode;
  for (const key of path.split('.')) {
    if (!node) return false;
    const current = unwrapped(node);
    if (current.shape) node = Object.hasOwn(current.shape, key) ? current.shape[key] : undefined;
    else if (current.element && /^\d+$/.test(key)) node = current.element;
    else return false;
  }
  return node !== undefined;
}
