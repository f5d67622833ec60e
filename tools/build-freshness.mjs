// Whether the build is up to date, from file times alone: `npm start` on a built tree skips the Nx
// run (whose hashing of every input took 1.5-3.6 s of each start, docs/performance.md) unless a
// build input is newer than the last successful build. Nx still decides what to rebuild when it runs.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Files outside the projects that a build reads: nx.json's sharedGlobals and the manifests, and the
 * gateway build's step that writes its API reference types (tools/openapi).
 */
export const SHARED_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  '.swcrc',
  'nx.json',
  'tools/openapi/response-types.mjs',
];

// Nx's "production" inputs leave these out (nx.json); a change to them needs no build.
const NOT_BUILD_INPUT = [/\.spec\.ts$/, /\.int-spec\.ts$/, /^test\//, /^jest\.config\.mjs$/];
const SKIPPED_DIRS = new Set(['dist', 'node_modules', 'coverage']);
// Linux stamps files from a coarse clock that may lag Date.now() by a tick: a file written just
// after a build started still counts as changed.
const CLOCK_SLACK_MS = 50;

/** Where the time of the last successful build is kept (.nx is the build's own, git-ignored folder). */
export const stampPath = (root) => join(root, '.nx', 'wrenchlog-built.json');

/** The projects with a build: every apps/* and libs/* whose package.json has a build script. */
export function buildProjects(root) {
  return ['apps', 'libs'].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, group, entry.name))
      .filter((dir) => {
        const manifest = join(dir, 'package.json');
        return existsSync(manifest) && Boolean(JSON.parse(readFileSync(manifest, 'utf8')).scripts?.build);
      }),
  );
}

/**
 * The first build input changed at or after `since` (ms), or undefined. Folders below the project's
 * own count too: a file deleted or renamed changes its folder's time, even when the file keeps an old
 * time of its own. The project's folder does not: the build itself (dist/) changes its time.
 */
function changedInput(projectDir, since) {
  const pending = [''];
  while (pending.length > 0) {
    const rel = pending.pop();
    const dir = join(projectDir, rel);
    if (rel && statSync(dir).mtimeMs >= since) {
      return dir;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) {
          pending.push(path);
        }
      } else if (!NOT_BUILD_INPUT.some((pattern) => pattern.test(path)) && statSync(join(projectDir, path)).mtimeMs >= since) {
        return join(projectDir, path);
      }
    }
  }
  return undefined;
}

/** Why a build is needed (a sentence naming the first reason found), or null when every project's build is newer than its inputs. */
export function staleReason(root) {
  let builtAt;
  try {
    builtAt = JSON.parse(readFileSync(stampPath(root), 'utf8')).startedAt;
  } catch {
    return 'no build recorded yet';
  }
  if (!Number.isFinite(builtAt)) {
    return 'no build recorded yet';
  }
  builtAt -= CLOCK_SLACK_MS;
  for (const name of SHARED_INPUTS) {
    const path = join(root, name);
    if (existsSync(path) && statSync(path).mtimeMs >= builtAt) {
      return `${name} changed`;
    }
  }
  for (const dir of buildProjects(root)) {
    const dist = join(dir, 'dist');
    if (!existsSync(dist) || readdirSync(dist).length === 0) {
      return `${relative(root, dist)} is missing`;
    }
    const changed = changedInput(dir, builtAt);
    if (changed) {
      return `${relative(root, changed)} changed`;
    }
  }
  return null;
}

/** Records a successful build that started at `startedAt` (ms): an input changed while it ran stays newer, so the next check builds again. */
export function markBuilt(root, startedAt) {
  mkdirSync(join(root, '.nx'), { recursive: true });
  writeFileSync(stampPath(root), `${JSON.stringify({ startedAt })}\n`);
}
