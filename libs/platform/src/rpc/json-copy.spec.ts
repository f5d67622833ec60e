import { jsonCopy } from './json-copy.js';

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

class Entity {
  id = 7;
  name = 'Mower';
  hidden?: string = undefined;
  get label(): string {
    return `#${this.id}`;
  }
}

const cyclic: Record<string, unknown> = { name: 'loop' };
cyclic.self = cyclic;

describe('jsonCopy', () => {
  it.each<[string, unknown]>([
    ['a list reply', { response: [{ id: 1, at: new Date('2026-11-25T06:00:00.000Z'), price: 89.5, notes: null }], isDisposed: true }],
    [
      'undefined, functions and symbols (left out of objects, null in arrays)',
      { a: undefined, f: () => 1, s: Symbol('x'), list: [undefined, () => 1, Symbol('y'), 2] },
    ],
    ['non-finite numbers and -0', { nan: NaN, inf: Infinity, ninf: -Infinity, zero: -0, list: [NaN, -0] }],
    [
      'an invalid Date and toJSON with its key',
      { bad: new Date(NaN), keyed: { toJSON: (key: string) => `key ${key}` }, list: [{ toJSON: (key: string) => key }] },
    ],
    [
      'a class instance (own enumerable fields only), a Map, a Set, a Buffer, an Error',
      { entity: new Entity(), map: new Map([[1, 2]]), set: new Set([1]), buffer: Buffer.from('ab'), error: new Error('no') },
    ],
    ['a toJSON answering an object with its own toJSON (called once)', { nested: { toJSON: () => ({ toJSON: () => 'again', kept: 1 }) } }],
    ['a sparse array and integer-like keys', { sparse: new Array(3), order: { b: 1, 2: 'two', a: 3, 1: 'one' } }],
    ['boxed primitives', { n: new Number(3), s: new String('x'), b: new Boolean(false) }],
    ['a __proto__ key from parsed JSON', JSON.parse('{"__proto__": {"admin": true}, "x": 1}')],
    ['lone surrogates and escapes', { text: '\ud800 "quoted" \n \u0000' }],
    ['a deep value', JSON.parse(`${'['.repeat(400)}1${']'.repeat(400)}`)],
    ['top-level primitives', ['text', 1, true, null]],
  ])('answers what the JSON round trip answers: %s', (_what, value) => {
    const copy = jsonCopy(value);
    expect(copy).toEqual(roundTrip(value));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(roundTrip(value)));
  });

  it('shares nothing with the original', () => {
    const original = { list: [{ id: 1 }], nested: { deeper: { x: 1 } } };
    const copy = jsonCopy(original);
    copy.list[0].id = 2;
    copy.nested.deeper.x = 2;
    expect(original).toEqual({ list: [{ id: 1 }], nested: { deeper: { x: 1 } } });
  });

  it('keeps a __proto__ key as an own field, never as the prototype', () => {
    const copy = jsonCopy(JSON.parse('{"__proto__": {"admin": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect((copy as { admin?: boolean }).admin).toBeUndefined();
  });

  it('fails as JSON does on a cycle, a bigint and a value with no JSON', () => {
    expect(() => jsonCopy(cyclic)).toThrow(TypeError);
    expect(() => jsonCopy({ big: 1n })).toThrow(TypeError);
    expect(() => jsonCopy(() => 1)).toThrow(SyntaxError);
  });

  it("passes on a getter's or toJSON's own error", () => {
    const failing = {
      get broken(): never {
        throw new RangeError('getter failed');
      },
    };
    expect(() => jsonCopy(failing)).toThrow('getter failed');
  });
});
