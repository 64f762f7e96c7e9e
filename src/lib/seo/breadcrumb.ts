/** One breadcrumb entry: a category path below the site root (`moda-praia/biquinis`) and its name. */
export interface BreadcrumbEntry {
  slug: string;
  name: string;
}

export interface BreadcrumbNames {
  department_name: string;
  category_name: string;
}

/**
 * Spec §3: the last two entries give department_name and category_name; a single entry gives both
 * the same name. No entries → null.
 */
export function breadcrumbNames(entries: readonly BreadcrumbEntry[]): BreadcrumbNames | null {
  const last = entries.at(-1);
  if (!last) return null;
  const before = entries.length > 1 ? entries.at(-2)! : last;
  return { department_name: before.name, category_name: last.name };
}

/** Department then category, as one entry when they are the same slug. */
export function productBreadcrumb(department: BreadcrumbEntry, category: BreadcrumbEntry): BreadcrumbEntry[] {
  return department.slug === category.slug ? [department] : [department, category];
}

export interface TrailLink {
  name: string;
  /** Site-relative path; null for the current page. */
  href: string | null;
}

/** The visible trail: Início › entries › the current page. */
export function breadcrumbTrail(entries: readonly BreadcrumbEntry[], current: string): TrailLink[] {
  return [
    { name: 'Início', href: '/' },
    ...entries.map((e) => ({ name: e.name, href: `/${e.slug.replace(/^\/+/, '')}` })),
    { name: current, href: null },
  ];
}
