/** The landing page's sections, in the spec's order: their anchors and the `nav.<id>` labels. */
export const landingSections = ['about', 'services', 'projects', 'contact'] as const;
