import { accountSizeText } from './account-size';

describe('accountSizeText', () => {
  it('shows the count and MB to 2 decimals, dividing by 1048576', () => {
    expect(accountSizeText({ imageCount: 12, totalImageSize: 5 * 1048576 + 524288 })).toBe('12 images (5.50 MB)');
    expect(accountSizeText({ imageCount: 0, totalImageSize: 0 })).toBe('0 images (0.00 MB)');
  });

  it('writes a size under 1 MB in KB: a 3 KB document is not 0.00 MB (issue 38)', () => {
    expect(accountSizeText({ imageCount: 0, totalImageSize: 0, documentCount: 1, totalDocumentSize: 3072 })).toBe('0 images (0.00 MB), 1 document (3.0 KB)');
    expect(accountSizeText({ imageCount: 2, totalImageSize: 1536 })).toBe('2 images (1.5 KB)');
  });

  it('adds the attached documents and their size once there are any', () => {
    expect(accountSizeText({ imageCount: 3, totalImageSize: 1048576, documentCount: 0, totalDocumentSize: 0 })).toBe('3 images (1.00 MB)');
    expect(accountSizeText({ imageCount: 3, totalImageSize: 1048576, documentCount: 1, totalDocumentSize: 524288 })).toBe(
      '3 images (1.00 MB), 1 document (512.0 KB)',
    );
    expect(accountSizeText({ imageCount: 0, totalImageSize: 0, documentCount: 4, totalDocumentSize: 3 * 1048576 })).toBe(
      '0 images (0.00 MB), 4 documents (3.00 MB)',
    );
  });
});
