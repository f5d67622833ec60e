import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, IMAGE_LIMITS } from '@wrenchlog/contracts/limits';
import { strToU8, zipSync } from 'fflate';
import { analyzeFile, normalizeFile } from '../import-file.js';
import { planExportPhotos, readZipEntries, warnPhotoProblems } from './export-photos.js';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const WEBP = strToU8('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');

/** An export with two machines and a service record, their photos listed in the CSVs' `photos` column as the export job writes them. */
function exportZip(photos: Record<string, Uint8Array>): Uint8Array {
  const manifest = { format: EXPORT_FORMAT, formatVersion: EXPORT_FORMAT_VERSION, exportedAt: '2024-04-01T00:00:00.000Z' };
  return zipSync({
    'manifest.json': strToU8(JSON.stringify(manifest)),
    'machines.csv': strToU8(
      [
        'id,name,year,make,model,photos',
        '7,Tractor,2019,Kubota,L2501,photos/machines/7/3-profile.jpg photos/machines/7/4-gallery.png',
        '8,Mower,2020,Toro,TimeCutter,photos/machines/8/5-gallery.webp photos/machines/8/6-gallery.jpg',
      ].join('\n'),
    ),
    'service-records.csv': strToU8(
      [
        'id,machineId,machine,title,serviceDate,serviceType,status,price,miles,photos',
        '11,7,Tractor,Oil change,2024-03-01,Oil Change,Completed,40,120,photos/service-records/11/9-receipt.jpg',
      ].join('\n'),
    ),
    ...photos,
  });
}

describe('the photos of a restore', () => {
  it("maps each listed photo to its row, as the machine's profile, its gallery or the record's image", () => {
    const zip = exportZip({
      'photos/machines/7/3-profile.jpg': JPEG,
      'photos/machines/7/4-gallery.png': PNG,
      'photos/machines/8/5-gallery.webp': WEBP,
      'photos/machines/8/6-gallery.jpg': JPEG,
      'photos/service-records/11/9-receipt.jpg': JPEG,
    });
    const analysis = analyzeFile(zip, 'wrenchlog-export');
    const photos = planExportPhotos(analysis, zip);
    const machineRows = analysis.tables[0].table.rows.map((r) => r.rowNumber);
    const serviceRow = analysis.tables[1].table.rows[0].rowNumber;
    expect(photos.map(({ seq, rowNumber, owner, role, fileName, type, problem }) => ({ seq, rowNumber, owner, role, fileName, type, problem }))).toEqual([
      { seq: 1, rowNumber: machineRows[0], owner: 'machine', role: 'profile', fileName: '3-profile.jpg', type: 'jpeg', problem: null },
      { seq: 2, rowNumber: machineRows[0], owner: 'machine', role: 'gallery', fileName: '4-gallery.png', type: 'png', problem: null },
      { seq: 3, rowNumber: machineRows[1], owner: 'machine', role: 'gallery', fileName: '5-gallery.webp', type: 'webp', problem: null },
      { seq: 4, rowNumber: machineRows[1], owner: 'machine', role: 'gallery', fileName: '6-gallery.jpg', type: 'jpeg', problem: null },
      { seq: 5, rowNumber: serviceRow, owner: 'service', role: 'image', fileName: 'receipt.jpg', type: 'jpeg', problem: null },
    ]);
    expect(photos[0].byteSize).toBe(JPEG.length);
    const read = readZipEntries(zip, ['photos/machines/7/4-gallery.png', 'photos/machines/8/5-gallery.webp', 'photos/none.jpg']);
    expect([...read.keys()].sort()).toEqual(['photos/machines/7/4-gallery.png', 'photos/machines/8/5-gallery.webp']);
    expect(read.get('photos/machines/7/4-gallery.png')).toEqual(PNG);
  });

  it('flags a photo that is missing, too large or not a JPEG, PNG or WebP, as a warning on its row', async () => {
    const zip = exportZip({
      'photos/machines/7/3-profile.jpg': strToU8('<html>not an image</html>'),
      'photos/machines/7/4-gallery.png': new Uint8Array(IMAGE_LIMITS.maxFileBytes + 300 * 1024).fill(0x89),
      'photos/machines/8/5-gallery.webp': WEBP,
      'photos/service-records/11/9-receipt.jpg': JPEG,
    });
    const analysis = analyzeFile(zip, 'wrenchlog-export');
    const photos = planExportPhotos(analysis, zip);
    expect(photos.map((p) => p.problem)).toEqual([
      'the photo photos/machines/7/3-profile.jpg is not a JPEG, PNG or WebP image',
      'the photo photos/machines/7/4-gallery.png is 2.3 MB, over the 2 MB a photo takes',
      null,
      'the photo photos/machines/8/6-gallery.jpg is not in the ZIP',
      null,
    ]);
    const { rows } = await normalizeFile(analysis, { knownMachines: [] });
    warnPhotoProblems(rows, photos);
    const [tractor, mower] = rows;
    expect(tractor.status).toBe('warning');
    expect(tractor.messages).toEqual([
      `row ${tractor.rowNumber}: the photo photos/machines/7/3-profile.jpg is not a JPEG, PNG or WebP image: it is not restored`,
      `row ${tractor.rowNumber}: the photo photos/machines/7/4-gallery.png is 2.3 MB, over the 2 MB a photo takes: it is not restored`,
    ]);
    expect(mower.messages).toEqual([`row ${mower.rowNumber}: the photo photos/machines/8/6-gallery.jpg is not in the ZIP: it is not restored`]);
  });
});
