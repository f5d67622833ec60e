import { isPublicPath, safeReturnTarget } from './public-paths';

describe('isPublicPath', () => {
  it('accepts a listed path exactly, or followed by a slash or a query', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/login?returnUrl=%2Fdashboard')).toBe(true);
    expect(isPublicPath('/signup-success?email=a%40b.c')).toBe(true);
    expect(isPublicPath('/pricing/')).toBe(true);
    expect(isPublicPath('/')).toBe(true);
    expect(isPublicPath('/?tab=rental')).toBe(true);
  });

  it('refuses protected paths and look-alike prefixes', () => {
    expect(isPublicPath('/dashboard')).toBe(false);
    expect(isPublicPath('/machines/3')).toBe(false);
    expect(isPublicPath('/loginx')).toBe(false);
    expect(isPublicPath('/about-us')).toBe(false);
  });
});

describe('safeReturnTarget', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeReturnTarget('/machines/4?tab=parts')).toBe('/machines/4?tab=parts');
  });

  it('refuses other origins and the login page itself', () => {
    expect(safeReturnTarget('https://evil.example/x')).toBeNull();
    expect(safeReturnTarget('//evil.example/x')).toBeNull();
    expect(safeReturnTarget('/\\evil.example')).toBeNull();
    expect(safeReturnTarget('/login?redirect=/x')).toBeNull();
    expect(safeReturnTarget(null)).toBeNull();
  });
});
