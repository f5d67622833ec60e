import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Guard 1 (issue 34): every language has exactly English's keys, with the same {{variables}}, so no
// screen shows a key or an English fallback in German or Spanish, and no placeholder is lost.

const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../locales');
const OTHERS = ['de', 'es'];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      out.set(path, value);
    } else {
      flatten(value, path).forEach((v, k) => out.set(k, v));
    }
  }
  return out;
}

const read = (lng: string, file: string) => flatten(JSON.parse(readFileSync(join(LOCALES_DIR, lng, file), 'utf8')) as Tree);
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
const namespaces = (lng: string) =>
  readdirSync(join(LOCALES_DIR, lng))
    .filter((f) => f.endsWith('.json'))
    .sort();

describe('translation files', () => {
  it.each(OTHERS)('%s has the same namespace files as English', (lng) => {
    expect(namespaces(lng)).toEqual(namespaces('en'));
  });

  it.each(OTHERS)('%s has every English key, no other, with the same variables and no empty text', (lng) => {
    for (const file of namespaces('en')) {
      const en = read('en', file);
      const other = read(lng, file);
      expect({ file, missing: [...en.keys()].filter((k) => !other.has(k)) }).toEqual({ file, missing: [] });
      expect({ file, extra: [...other.keys()].filter((k) => !en.has(k)) }).toEqual({ file, extra: [] });
      const wrong = [...en].filter(([key, text]) => variables(text).join() !== variables(other.get(key) ?? '').join()).map(([key]) => key);
      expect({ file, wrongVariables: wrong }).toEqual({ file, wrongVariables: [] });
      expect({ file, empty: [...other].filter(([, text]) => text.trim() === '').map(([key]) => key) }).toEqual({ file, empty: [] });
    }
  });

  it('lists every namespace file in each language index (so it is loaded)', () => {
    for (const lng of ['en', ...OTHERS]) {
      const index = readFileSync(join(LOCALES_DIR, lng, 'index.ts'), 'utf8');
      for (const file of namespaces('en')) {
        expect({ lng, file, listed: index.includes(`./${file}'`) }).toEqual({ lng, file, listed: true });
      }
    }
  });
});
