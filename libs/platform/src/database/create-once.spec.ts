import { createOnce } from './create-once.js';

describe(createOnce.name, () => {
  it('creates, without looking for an earlier one first', async () => {
    let looked = 0;
    await expect(
      createOnce(
        async () => (looked++, null),
        async () => 'new',
      ),
    ).resolves.toBe('new');
    expect(looked).toBe(0);
  });

  it('answers what an earlier call made when the retry is refused (the unique key)', async () => {
    const made = ['first'];
    const create = async () => {
      if (made.length > 0) {
        throw new Error('duplicate key value violates unique constraint');
      }
      return 'second';
    };
    await expect(createOnce(async () => made[0] ?? null, create)).resolves.toBe('first');
  });

  it('answers the winner when the same create lost the race at the same moment', async () => {
    const made: string[] = [];
    const earlier = async () => made[0] ?? null;
    const create = async () => {
      made.push('winner'); // the other call's row landed first
      throw new Error('duplicate key value violates unique constraint');
    };
    await expect(createOnce(earlier, create)).resolves.toBe('winner');
  });

  it('answers the earlier result also when the retry itself is no longer valid', async () => {
    await expect(
      createOnce(
        async () => 'earlier',
        async () => Promise.reject(new Error('Machine not found')),
      ),
    ).resolves.toBe('earlier');
  });

  it('throws any failure as it is when nothing was made before', async () => {
    await expect(
      createOnce(
        async () => null,
        async () => Promise.reject(new Error('Part not found')),
      ),
    ).rejects.toThrow('Part not found');
  });
});
