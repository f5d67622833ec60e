import type { DocumentAddRequest } from '@wrenchlog/contracts';
import { addRequestProblem, isParent } from './documents.rules.js';

const KEY = 'u7/0f8fad5b-d9cb-469f-a165-70867728950e-document.pdf';
const valid: DocumentAddRequest = {
  parent: { kind: 'service-record', id: 3 },
  machineId: 2,
  objectKey: KEY,
  fileName: 'invoice.pdf',
  contentType: 'application/pdf',
  size: 1234,
};

describe(addRequestProblem.name, () => {
  it('accepts a checked PDF stored under the caller’s own key', () => {
    expect(addRequestProblem(7, valid)).toBeUndefined();
    expect(addRequestProblem(7, { ...valid, parent: { kind: 'purchase', id: 1 }, machineId: null })).toBeUndefined();
  });

  it('refuses a key of another user, a key it would never generate, and a wrong parent', () => {
    expect(addRequestProblem(8, valid)).toBe('Invalid document key');
    expect(addRequestProblem(7, { ...valid, objectKey: 'u7/../../secrets.json' })).toBe('Invalid document key');
    expect(addRequestProblem(7, { ...valid, parent: { kind: 'photo' as never, id: 3 } })).toBe('Invalid document parent');
    expect(addRequestProblem(7, { ...valid, parent: { kind: 'machine', id: 0 } })).toBe('Invalid document parent');
  });

  it('refuses an empty or oversized file, a blank name and another type', () => {
    expect(addRequestProblem(7, { ...valid, size: 0 })).toBe('Invalid document size');
    expect(addRequestProblem(7, { ...valid, size: 21 * 1024 * 1024 })).toBe('Invalid document size');
    expect(addRequestProblem(7, { ...valid, fileName: '  ' })).toBe('Invalid document name');
    expect(addRequestProblem(7, { ...valid, contentType: 'image/jpeg' })).toBe('Invalid document type');
  });
});

describe(isParent.name, () => {
  it('knows the four kinds a document attaches to', () => {
    expect(['machine', 'service-record', 'fuel-record', 'purchase'].every((kind) => isParent({ kind, id: 1 }))).toBe(true);
    expect(isParent({ kind: 'machine', id: 2 ** 31 })).toBe(false);
    expect(isParent(undefined)).toBe(false);
  });
});
