/**
 * True when any field value of the item contains the query, case-insensitively. Nested objects
 * and arrays are searched too; extra display texts (formatted dates) can be passed in `alsoMatch`.
 */
export function matchesSearch(item: object, query: string, alsoMatch: readonly (string | null | undefined)[] = []): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) {
    return true;
  }
  const haystack: string[] = [];
  const collect = (value: unknown, depth: number): void => {
    if (value === null || value === undefined || depth > 3) {
      return;
    }
    if (typeof value === 'object') {
      for (const inner of Object.values(value as Record<string, unknown>)) {
        collect(inner, depth + 1);
      }
      return;
    }
    haystack.push(String(value).toLocaleLowerCase());
  };
  collect(item, 0);
  for (const extra of alsoMatch) {
    if (extra) {
      haystack.push(extra.toLocaleLowerCase());
    }
  }
  return haystack.some((text) => text.includes(needle));
}

export function filterBySearch<T extends object>(items: readonly T[], query: string, extra?: (item: T) => (string | null | undefined)[]): T[] {
  // No search: every item, without formatting each one's extra texts (1,000 dates on a large fleet).
  if (!query.trim()) {
    return [...items];
  }
  return items.filter((item) => matchesSearch(item, query, extra ? extra(item) : []));
}
