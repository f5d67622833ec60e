import { CreateImports1764100000000 } from './1764100000000-create-imports.js';
import { CreateExports1764200000000 } from './1764200000000-create-exports.js';

export const migrations = [CreateImports1764100000000, CreateExports1764200000000];
