import { createMachine, distributedServersAvailable, expectEventually, makeJpeg } from '@wrenchlog/testing';
import { queryService } from './database.js';
import { faultSuite } from './fault-suite.js';

const available = await distributedServersAvailable();
const describeDistributed = available ? describe : describe.skip;

describeDistributed('the image worker killed with images pending', () => {
  const suite = faultSuite();

  it('gives every photo its thumbnail and sizes exactly once after restarts', async () => {
    // Large enough that the worker is busy when it is killed the second time.
    const photo = await makeJpeg(3200, 2400);
    await suite.fleet.kill('image-worker');
    const machineIds: number[] = [];
    let acknowledged = 0;
    let attempted = 0;
    for (let m = 0; m < 4; m++) {
      const machine = await createMachine(suite.api, suite.token, { name: `Worker fault ${m}` });
      machineIds.push(machine.id);
      const form = new FormData();
      for (let i = 0; i < 3; i++) {
        // Originals only: the worker must make every thumbnail.
        form.append('originals', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `site-${m}-${i}.jpg`);
      }
      attempted += 3;
      const res = await suite.api.request('POST', `/api/machines/${machine.id}/gallery`, { raw: form, token: suite.token });
      expect(res.status).toBe(201);
      acknowledged += res.body.length;
    }

    // Back, then killed again in the middle of its work, then back for good.
    suite.fleet.launch('image-worker');
    await new Promise((r) => setTimeout(r, 1500));
    await suite.fleet.kill('image-worker');
    suite.fleet.launch('image-worker');

    await expectEventually(
      async () => {
        for (const id of machineIds) {
          const gallery = await suite.api.get(`/api/machines/${id}/gallery`, suite.token);
          expect(gallery.body.map((p: { state: string }) => p.state)).toEqual(['processed', 'processed', 'processed']);
        }
      },
      90000,
      500,
    );

    const ledger = await queryService<{ original_key: string; state: string; thumbnail_size: number | null; original_size: number }>(
      suite.fleet.env.DATABASE_URL,
      'image_worker',
      'SELECT original_key, state, thumbnail_size, original_size FROM ledger_images WHERE machine_id = ANY($1::int[])',
      [machineIds],
    );
    const distinct = new Set(ledger.map((r) => r.original_key)).size;
    suite.rows.push({
      fault: 'kill -9 image worker twice',
      attempted,
      acknowledged,
      found: distinct,
      lost: acknowledged - distinct,
      duplicated: ledger.length - distinct,
    });

    expect(ledger).toHaveLength(12);
    expect(distinct).toBe(12);
    expect(ledger.every((r) => r.state === 'processed' && Number(r.thumbnail_size) > 0 && Number(r.original_size) > 0)).toBe(true);
    // The thumbnail each reply points to loads without a token.
    const gallery = await suite.api.get(`/api/machines/${machineIds[0]}/gallery`, suite.token);
    const thumbnail = await fetch(`${suite.fleet.baseUrl}${gallery.body[0].thumbnailUrl}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
  });
});
