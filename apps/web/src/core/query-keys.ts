/** Query keys of a machine's three history lists (the record forms refresh them after a change). */
export const historyKeys = {
  fuel: (id: number) => ['history', 'fuel', id] as const,
  service: (id: number) => ['history', 'service', id] as const,
  parts: (id: number) => ['history', 'parts', id] as const,
};

/** The account size on Settings; a stored or deleted image or document changes it. */
export const accountKeys = {
  imageStats: (userId: number | undefined) => ['account', 'imageStats', userId] as const,
  allImageStats: ['account', 'imageStats'] as const,
};
