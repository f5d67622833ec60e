/** Query keys of a machine's three history lists (the record forms refresh them after a change). */
export const historyKeys = {
  fuel: (id: number) => ['history', 'fuel', id] as const,
  service: (id: number) => ['history', 'service', id] as const,
  parts: (id: number) => ['history', 'parts', id] as const,
};
