// The check that lets `npm start` skip the build: any changed input of any project must make it build.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, beforeEach, describe, it } from 'node:test';
import { markBuilt, staleReason } from './build-freshness.mjs';

const HOUR_AGO = (Date.now() - 3600_000) / 1000;
let root;

/** Writes a file an hour old (older than any build of the test), unless `fresh`. */
function write(path, text = 'x', { fresh = false } = {}) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  if (!fresh) {
    utimesSync(full, HOUR_AGO, HOUR_AGO);
  }
}

/** Sets the folders' times an hour back too, as on a tree checked out long before its build. */
function ageFolders(...paths) {
  for (const path of paths) {
    utimesSync(join(root, path), HOUR_AGO, HOUR_AGO);
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wrenchlog-freshness-'));
  const project = (dir) => {
    write(`${dir}/package.json`, JSON.stringify({ scripts: { build: 'swc src -d dist' } }));
    write(`${dir}/src/main.ts`);
    write(`${dir}/src/feature/part.ts`);
    write(`${dir}/src/feature/part.spec.ts`);
    write(`${dir}/test/helper.ts`);
    write(`${dir}/dist/main.js`);
  };
  project('apps/gateway');
  project('libs/contracts');
  // A project without a build (an e2e suite) is not an input.
  write('apps/gateway-e2e/package.json', JSON.stringify({ scripts: { test: 'jest' } }));
  write('apps/gateway-e2e/src/a.e2e-spec.ts');
  for (const name of ['package.json', 'package-lock.json', 'tsconfig.base.json', '.swcrc', 'nx.json']) {
    write(name, '{}');
  }
  ageFolders('apps/gateway/src', 'apps/gateway/src/feature', 'libs/contracts/src', 'libs/contracts/src/feature', 'apps/gateway/test', 'libs/contracts/test');
  markBuilt(root, Date.now());
});

after(() => rmSync(root, { recursive: true, force: true }));

describe('staleReason', () => {
  it('finds nothing to build right after a build', () => {
    assert.equal(staleReason(root), null);
  });

  it('builds before any build was recorded', () => {
    rmSync(join(root, '.nx'), { recursive: true });
    assert.equal(staleReason(root), 'no build recorded yet');
  });

  it('builds when a source file of any project changed', () => {
    write('libs/contracts/src/feature/part.ts', 'changed', { fresh: true });
    assert.equal(staleReason(root), 'libs/contracts/src/feature/part.ts changed');
  });

  it('builds when a source file was added, deleted or renamed, whatever its own time', () => {
    write('apps/gateway/src/feature/new.ts'); // an old time: copied in with its time kept
    assert.equal(staleReason(root), 'apps/gateway/src/feature changed');
    ageFolders('apps/gateway/src/feature');
    assert.equal(staleReason(root), null);
    renameSync(join(root, 'apps/gateway/src/feature/new.ts'), join(root, 'apps/gateway/src/feature/renamed.ts'));
    assert.equal(staleReason(root), 'apps/gateway/src/feature changed');
    ageFolders('apps/gateway/src/feature');
    rmSync(join(root, 'apps/gateway/src/feature/renamed.ts'));
    assert.equal(staleReason(root), 'apps/gateway/src/feature changed');
  });

  it('builds when a shared input changed: the lockfile, the manifest, the compiler settings', () => {
    for (const name of ['package-lock.json', 'package.json', 'tsconfig.base.json', '.swcrc', 'nx.json']) {
      write(name, '{"changed":true}', { fresh: true });
      assert.equal(staleReason(root), `${name} changed`);
      write(name, '{}');
      assert.equal(staleReason(root), null);
    }
  });

  it("builds when a project's own settings changed", () => {
    write('apps/gateway/package.json', JSON.stringify({ scripts: { build: 'swc src -d dist --changed' } }), { fresh: true });
    assert.equal(staleReason(root), 'apps/gateway/package.json changed');
  });

  it('builds when a build output is missing', () => {
    rmSync(join(root, 'apps/gateway/dist'), { recursive: true });
    assert.equal(staleReason(root), 'apps/gateway/dist is missing');
  });

  it('builds when a file changed while the last build ran', () => {
    const started = Date.now();
    write('apps/gateway/src/main.ts', 'edited during the build', { fresh: true });
    markBuilt(root, started - 1000);
    assert.equal(staleReason(root), 'apps/gateway/src/main.ts changed');
  });

  it('leaves out what Nx leaves out of a build: tests, and projects without a build', () => {
    write('apps/gateway/src/feature/part.spec.ts', 'changed', { fresh: true });
    write('apps/gateway/test/helper.ts', 'changed', { fresh: true });
    write('apps/gateway-e2e/src/a.e2e-spec.ts', 'changed', { fresh: true });
    ageFolders('apps/gateway/test');
    assert.equal(staleReason(root), null);
  });
});
