import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from '@wrenchlog/contracts';
import { strToU8 } from 'fflate';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflated, renamed, stored, zipOf } from '../../test/zip-fixtures.js';
import { ImportFileError } from '../errors.js';
import { readZipEntries, unpackZipEntries } from './export-photos.js';
import { MAX_UNPACKED_BYTES, readExportArchive, unpackExportArchive } from './wrenchlog-export.js';

// A restore's ZIP is the uploader's: its declared sizes may lie, and unpacking it must neither grow
// memory past the cap nor keep the product's other requests waiting. Each test compresses its
// content once and stores it under every name (zip-fixtures), so the suite costs seconds, not minutes.

const MB = 1024 * 1024;
const manifest = deflated('manifest.json', strToU8(JSON.stringify({ format: EXPORT_FORMAT, formatVersion: EXPORT_FORMAT_VERSION })));
const CSV_NAMES = ['machines.csv', 'service-records.csv', 'fuel-records.csv', 'part-purchases.csv', 'suppliers.csv', 'parts.csv', 'meter-readings.csv'];

/** The manifest and one entry of `content` under every CSV name. */
const everyCsv = (content: Uint8Array, declaredSize?: number): Uint8Array => {
  const csv = deflated(CSV_NAMES[0], content);
  return zipOf([manifest, ...CSV_NAMES.map((name) => renamed(csv, name))], declaredSize);
};

const refusal = async (work: () => unknown): Promise<string> => {
  try {
    await work();
  } catch (e) {
    return e instanceof ImportFileError ? `${e.code}: ${e.message}` : String(e);
  }
  return 'accepted';
};

/** CSV-like text that compresses as real exports do (a few times, not a thousand). */
function csvText(bytes: number): Uint8Array {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const line = `${i},Tractor ${(i * 7919) % 104729},${((i * 31337) % 99991) / 100},2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}\n`;
    lines.push(line);
    length += line.length;
  }
  return strToU8(lines.join('').slice(0, bytes));
}

describe('unpacking a restore ZIP', () => {
  const tooLarge = `TOO_LARGE: The export's files unpack to more than ${MAX_UNPACKED_BYTES / MB} MB; a restore takes at most that.`;

  it('refuses entries that lie about their size at the cap on the bytes actually inflated, with memory bounded by the cap', async () => {
    // 7 x 64 MB = 448 MB of real content, each entry declaring 1,000 bytes.
    const zip = everyCsv(new Uint8Array(64 * MB).fill(0x41), 1000);
    expect(zip.length).toBeLessThan(4 * MB);

    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 1);
    const asynchronous = await refusal(() => unpackExportArchive(zip));
    clearInterval(sampler);

    expect(asynchronous).toBe(tooLarge);
    expect(await refusal(() => readExportArchive(zip))).toBe(tooLarge);
    // Unpacking stops at the 100 MB cap instead of holding all 448 MB. The bound allows for what the
    // cap's chunks, one entry's joined copy and their garbage weigh before V8 collects it (whenever it
    // chooses, in a Jest worker beside other suites), and stays well under the whole content.
    expect(peak - before).toBeLessThan(3 * MAX_UNPACKED_BYTES);
    expect(3 * MAX_UNPACKED_BYTES).toBeLessThan(CSV_NAMES.length * 64 * MB);
  }, 180_000);

  it('refuses a ZIP bomb that declares its sizes, and unpacks no path-traversing entry', async () => {
    // Honest sizes this time: 7 x 16 MB, more than the cap together.
    const bomb = everyCsv(new Uint8Array(16 * MB));
    const evil = stored('x', strToU8('name\nEvil\n'));
    const traversing = zipOf([
      manifest,
      renamed(evil, '../machines.csv'),
      renamed(evil, '/etc/machines.csv'),
      renamed(stored('x', strToU8('date\n2024-01-01\n')), 'photos/../../fuel-records.csv'),
    ]);

    expect(await refusal(() => unpackExportArchive(bomb))).toBe(tooLarge);
    expect(await refusal(() => unpackExportArchive(traversing))).toBe('EMPTY: This export holds no CSV file to restore.');
  }, 180_000);

  it('answers another request while a heavy but legal ZIP is being unpacked', async () => {
    const zip = everyCsv(csvText(4 * MB));
    const server: Server = createServer((_req, res) => res.end('pong'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const order: string[] = [];
    try {
      const unpacking = unpackExportArchive(zip).then((content) => {
        order.push('unpacked');
        return content;
      });
      const ping = fetch(`http://127.0.0.1:${port}/ping`)
        .then((res) => res.text())
        .then((text) => order.push(text));
      const [content] = await Promise.all([unpacking, ping]);

      expect(content.pieces.map((p) => [p.name, p.bytes.length]).sort()).toEqual(CSV_NAMES.map((n) => [n, 4 * MB]).sort());
      // The ping was answered while the ZIP was still being unpacked, not after it.
      expect(order).toEqual(['pong', 'unpacked']);
    } finally {
      server.close();
    }
  }, 180_000);

  it("leaves out a photo that inflates past a photo's 2 MB whatever size it declares, and keeps the others", async () => {
    const jpeg = new Uint8Array(1000).fill(0xff);
    const zip = zipOf([deflated('photos/big.jpg', new Uint8Array(64 * MB)), stored('photos/ok.jpg', jpeg)], 1000);
    const paths = ['photos/big.jpg', 'photos/ok.jpg'];

    for (const read of [await unpackZipEntries(zip, paths), readZipEntries(zip, paths)]) {
      expect([...read.keys()]).toEqual(['photos/ok.jpg']);
      expect(read.get('photos/ok.jpg')).toEqual(jpeg);
    }
  });
});
