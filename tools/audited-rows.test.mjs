// Issue 32: a row that members add declares its account and audit columns once, through
// AuditedAccountRow (libs/platform), not column by column in each service's entity.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Entities that keep their own audit columns, with the reason (a column that differs from the shared one). */
const OWN_COLUMNS = new Map([]);

function entityFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      return e.name === 'node_modules' || e.name === 'dist' ? [] : entityFiles(path);
    }
    return e.name.endsWith('.entity.ts') ? [path] : [];
  });
}

describe('audited rows', () => {
  it('every entity with created_by / updated_by takes them from AuditedAccountRow', () => {
    const apps = join(root, 'apps');
    const declaring = readdirSync(apps)
      .flatMap((app) => entityFiles(join(apps, app)))
      .filter((file) => /name: '(created_by|updated_by)'/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(root.length + 1))
      .filter((file) => !OWN_COLUMNS.has(file));
    assert.deepEqual(declaring, []);
  });
});
