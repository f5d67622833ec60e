import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) {
        yield* files(path);
      }
    } else {
      yield path;
    }
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) next to each text file of the
 * build, once at build time, so the gateway serves them with Content-Encoding and spends no CPU per
 * request (issue 18: a Raspberry Pi should not compress 400 KB of JavaScript on every load). A
 * variant that is not smaller than its original is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wrenchlog-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // Sequential and last: the files other plugins write when the bundle closes (the service worker,
    // the web app manifest) are complete before they are read here.
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const work: Promise<void>[] = [];
        for await (const path of files(outDir)) {
          if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) {
            continue;
          }
          work.push(
            (async () => {
              const bytes = await readFile(path);
              const [br, gzipped] = await Promise.all([
                brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
                gz(bytes, { level: 9 }),
              ]);
              if (br.length < bytes.length) {
                await writeFile(`${path}.br`, br);
              }
              if (gzipped.length < bytes.length) {
                await writeFile(`${path}.gz`, gzipped);
              }
            })(),
          );
        }
        await Promise.all(work);
      },
    },
  };
}
