import { getMetadataStorage } from 'class-validator';

type Lookup = (target: unknown, schema: string | undefined, always: boolean, strictGroups: boolean, groups?: string[]) => unknown[];

interface Storage {
  getTargetValidationMetadatas: Lookup;
  addValidationMetadata: (metadata: unknown) => void;
  [CACHED]?: true;
}

const CACHED = Symbol.for('wrenchlog.validation.rule-lookup-cache');

/**
 * class-validator looks a class's rules up anew on every validation, and for its parents' rules it
 * tests `instanceof` against every class that has rules: in the one process that is every DTO of
 * every context, 4 % of a services-list call's CPU (docs/performance.md). Rules are declared when
 * their classes load, so a lookup is kept until another rule is declared. Installed once per
 * process (the storage is class-validator's global one).
 */
export function cacheRuleLookups(): void {
  const storage = getMetadataStorage() as unknown as Storage;
  if (storage[CACHED]) {
    return;
  }
  storage[CACHED] = true;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let known = new Map<unknown, Map<string, unknown[]>>();
  storage.addValidationMetadata = (metadata) => {
    known = new Map();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema ?? ''}|${always}|${strictGroups}|${groups?.join('\u0000') ?? ''}`;
    let ofTarget = known.get(target);
    if (!ofTarget) {
      ofTarget = new Map();
      known.set(target, ofTarget);
    }
    let rules = ofTarget.get(key);
    if (!rules) {
      rules = lookup(target, schema, always, strictGroups, groups);
      ofTarget.set(key, rules);
    }
    return rules;
  };
}
