// Unit tests of the pure benchmark helpers: `node --test tools/bench` (not part of `npm test`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseArgs, percentile, ratio, summarize, table, verdict } from './stats.mjs';

test('percentile is nearest-rank over sorted values', () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentile(values, 50), 50);
  assert.equal(percentile(values, 95), 95);
  assert.equal(percentile(values, 99), 99);
  assert.equal(percentile(values, 100), 100);
  assert.equal(percentile([7], 99), 7);
  assert.ok(Number.isNaN(percentile([], 50)));
});

test('summarize counts only successful requests in the rate', () => {
  const s = summarize([3, 1, 2, 4], 2000, 2);
  assert.equal(s.rps, 1);
  assert.equal(s.p50, 2);
  assert.equal(s.errorRate, 0.5);
});

test('ratio is NaN when a side is missing', () => {
  assert.equal(ratio(3, 4), 0.75);
  assert.ok(Number.isNaN(ratio(3, 0)));
  assert.ok(Number.isNaN(ratio(undefined, 4)));
});

test('verdict passes only when every stated bound holds', () => {
  assert.equal(
    verdict([
      { value: 0.8, atLeast: 0.7 },
      { value: 12, below: 20 },
    ]),
    'PASS',
  );
  assert.equal(verdict([{ value: 0.6, atLeast: 0.7 }]), 'MISS');
  assert.equal(verdict([{ value: 20, below: 20 }]), 'MISS');
  assert.equal(verdict([{ value: NaN, atLeast: 1 }]), 'n/a');
});

test('table aligns columns under the header', () => {
  assert.equal(
    table([
      ['a', 'bb'],
      ['ccc', '1'],
    ]),
    'a    bb\n---  --\nccc   1',
  );
});

test('parseArgs reads --name=value and bare flags', () => {
  assert.deepEqual(parseArgs(['--quick', '--only=health,login', 'x']), { quick: true, only: 'health,login' });
});
