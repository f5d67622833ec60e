// The part dialog's categories, without class-validator: the DTO in part.contract.ts is built from
// them, and the SPA loads them through `@wrenchlog/contracts/limits`.

/** The categories in the order the part dialog offers them. */
export const PART_CATEGORIES = ['Engine', 'Hydraulic', 'Electrical', 'Filters', 'Belts', 'Other'] as const;
export type PartCategory = (typeof PART_CATEGORIES)[number];
