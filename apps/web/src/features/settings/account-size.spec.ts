import { accountSizeText } from './account-size';

describe('accountSizeText', () => {
  it('shows the count and MB to 2 decimals, dividing by 1048576', () => {
    expect(accountSizeText({ imageCount: 12, totalImageSize: 5 * 1048576 + 524288 })).toBe('12 images (5.50 MB)');
    expect(accountSizeText({ imageCount: 0, totalImageSize: 0 })).toBe('0 images (0.00 MB)');
  });
});
