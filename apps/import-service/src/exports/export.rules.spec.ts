import type { FuelRecord, Purchase, ServiceRecord } from '@wrenchlog/contracts';
import { documentPath, expiresAt, ExportTotals, mayStart, photoPath } from './export.rules.js';

describe('export rules', () => {
  it('names photos by owner and id, with a safe name and the extension of their type', () => {
    expect(photoPath('machines', 7, { id: 3, key: 'k', contentType: 'image/jpeg', label: 'profile' })).toBe('photos/machines/7/3-profile.jpg');
    expect(photoPath('service-records', 11, { id: 9, key: 'k', contentType: 'image/png', label: '../../Brake pads (front).PNG' })).toBe(
      'photos/service-records/11/9-Brake_pads_front_.png',
    );
    expect(photoPath('service-records', 11, { id: 10, key: 'k', contentType: 'application/x-unknown', label: '' })).toBe(
      'photos/service-records/11/10-photo.bin',
    );
  });

  it('puts a document under its record kind and id, by its own id, with a safe name ending in .pdf', () => {
    expect(documentPath({ id: 4, parentKind: 'machine', parentId: 7, fileName: 'Owner manual.pdf' })).toBe('documents/machines/7/4-Owner_manual.pdf');
    expect(documentPath({ id: 5, parentKind: 'service-record', parentId: 11, fileName: '../Invoice #12.PDF' })).toBe(
      'documents/service-records/11/5-Invoice_12.pdf',
    );
    expect(documentPath({ id: 6, parentKind: 'fuel-record', parentId: 3, fileName: 'receipt' })).toBe('documents/fuel-records/3/6-receipt.pdf');
    expect(documentPath({ id: 8, parentKind: 'purchase', parentId: 2, fileName: '.pdf' })).toBe('documents/part-purchases/2/8-document.pdf');
    // Two documents of one name on one record stay apart.
    expect(documentPath({ id: 9, parentKind: 'machine', parentId: 7, fileName: 'Owner manual.pdf' })).not.toBe(
      documentPath({ id: 4, parentKind: 'machine', parentId: 7, fileName: 'Owner manual.pdf' }),
    );
  });

  it('sums costs in cents: purchases as price x quantity, cancelled ones nothing', () => {
    const totals = new ExportTotals();
    for (let i = 0; i < 1000; i += 1) {
      totals.fuel({ totalPrice: 0.1 } as FuelRecord);
    }
    totals.service({ price: 89.95 } as ServiceRecord);
    totals.service({ price: 0.05 } as ServiceRecord);
    totals.purchase({ price: 24.5, quantity: 2, partStatus: 'Purchased' } as Purchase);
    totals.purchase({ price: 100, quantity: 1, partStatus: 'Cancelled' } as Purchase);
    expect(totals.view()).toEqual({ serviceRecords: { cost: 90 }, fuelRecords: { cost: 100 }, partPurchases: { cost: 49 } });
  });

  it('keeps an export a day and lets a user prepare one at a time', () => {
    expect(expiresAt(new Date('2024-03-01T10:00:00Z')).toISOString()).toBe('2024-03-02T10:00:00.000Z');
    expect(mayStart(0)).toBe(true);
    expect(mayStart(1)).toBe(false);
  });
});
