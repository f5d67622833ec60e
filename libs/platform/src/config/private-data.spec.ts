import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepDataPrivate } from './private-data.js';

describe(keepDataPrivate.name, () => {
  const earlier = process.umask();
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'private-data-'));
  });
  afterEach(() => {
    process.umask(earlier);
    rmSync(root, { recursive: true, force: true });
  });

  it('closes an existing data folder to other users and makes new files and folders owner-only', () => {
    const data = join(root, 'data');
    mkdirSync(data, { mode: 0o755 });
    process.umask(0o022);

    keepDataPrivate(data);
    mkdirSync(join(data, 'db'));
    writeFileSync(join(data, 'db', 'x.sqlite'), 'x');

    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(statSync(join(data, 'db')).mode & 0o777).toBe(0o700);
    expect(statSync(join(data, 'db', 'x.sqlite')).mode & 0o777).toBe(0o600);
  });

  it('creates a missing data folder as 0700', () => {
    keepDataPrivate(join(root, 'new', 'data'));

    expect(statSync(join(root, 'new', 'data')).mode & 0o777).toBe(0o700);
  });
});
