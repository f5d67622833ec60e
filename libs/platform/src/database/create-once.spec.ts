import { createOnce } from './create-once.js';

describe(createOnce.name, () => {
  it('answers what an earlier call made without creating again', async () => {
    let created = 0;
    await expect(createOnce(async () => 'earlier', async () => `new ${++created}`)).resolves.toBe('earlier');
    expect(created).toBe(0);
  });

  it('creates when nothing was made before', async () => {
    await expect(createOnce(async () => null, async () => 'new')).resolves.toBe('new');
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

  it('throws any other failure as it is', async () => {
    await expect(createOnce(async () => null, async () => Promise.reject(new Error('Part not found')))).rejects.toThrow('Part not found');
  });
});
