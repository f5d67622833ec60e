import { CreateImports1764100000000 } from './1764100000000-create-imports.js';

export const migrations = [CreateImports1764100000000];
