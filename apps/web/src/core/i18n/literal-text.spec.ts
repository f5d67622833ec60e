import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findLiteralTexts } from './literal-text';
import { NOT_YET_CONVERTED } from './not-yet-converted';

// Guard 2 (issue 34): no screen writes its texts into the source; they come from the translation
// files. The files not converted yet are listed, and the list can only shrink.

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');

function screens(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'test' || entry.name === 'sw' ? [] : screens(path);
    }
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.spec.tsx') ? [relative(SRC, path)] : [];
  });
}

const files = screens(SRC).sort();
const literalsIn = (file: string) => findLiteralTexts(file, readFileSync(join(SRC, file), 'utf8'));

describe('texts come from the translation files', () => {
  it('finds literal text in JSX and in user-visible props, not in t() calls', () => {
    const found = findLiteralTexts(
      'x.tsx',
      `const a = <Button aria-label={open ? 'Close menu' : t('menu.open')} title="Hello there" label={t('x')}>Save {name}</Button>;
       const b = <Text>{t('y')} · 404</Text>;`,
    );
    expect(found.map((f) => f.text)).toEqual(['Close menu', 'Hello there', 'Save']);
  });

  it('has no literal text in a converted file', () => {
    const offenders = files.filter((f) => !NOT_YET_CONVERTED.includes(f)).flatMap((f) => literalsIn(f).map((l) => `${f}:${l.line} ${l.text}`));
    expect(offenders).toEqual([]);
  });

  it('lists only files that still need converting (the list can only shrink)', () => {
    const clean = NOT_YET_CONVERTED.filter((f) => !files.includes(f) || literalsIn(f).length === 0);
    expect(clean).toEqual([]);
  });
});
