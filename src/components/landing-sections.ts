/** The landing page's sections, in the order of docs/behaviour.md › Routes: their anchors and the `nav.<id>` labels. */
export const landingSections = ['about', 'services', 'projects', 'contact'] as const;
