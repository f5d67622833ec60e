import { readFileSync } from 'node:fs';

/** The bytes of a sample file in libs/importers/fixtures (for specs and e2e tests). */
export const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
