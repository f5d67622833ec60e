import common from './common.json' with { type: 'json' };

// English is the default and every key's fallback: it ships in the entry. One JSON file per
// namespace (a feature or a group of screens); German and Spanish have the same files.
export const en = { common };

export const NAMESPACES = Object.keys(en) as (keyof typeof en)[];
