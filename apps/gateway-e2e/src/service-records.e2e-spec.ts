import { ApiClient, createApprovedUser, e2eProducts, expectEventually, machineForServiceTests, serviceRecordFor, type ApprovedUser } from '@wrenchlog/testing';

const INVALID = 'Service record must have a title, date and status';
const today = () => new Date().toISOString().slice(0, 10);
const validation = (message: string) => ({ statusCode: 400, code: 'VALIDATION', message, correlationId: expect.any(String) });
const notFound = { statusCode: 404, code: 'NOT_FOUND', message: 'Service record not found', correlationId: expect.any(String) };

describe.each(e2eProducts())('service records (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let machineId: number;

  beforeAll(async () => {
    owner = await createApprovedUser(api);
    machineId = await machineForServiceTests(api, owner.token, 'Green tractor');
  });

  it('creates a record with the spec defaults, answers 201 with it, and shows the machine name', async () => {
    const res = await api.post('/api/services/fastCreate', { title: 'Oil change', machineId }, owner.token);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      createdBy: { id: owner.id, name: 'Test User' },
      updatedBy: null,
      title: 'Oil change',
      status: 'New',
      machineName: res.body.machineName,
      machineId,
      serviceDate: today(),
      serviceType: 'Maintenance',
      serviceShop: null,
      notes: null,
      price: 0,
      dateCreated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      miles: null,
      hours: null,
    });
    expect([null, 'Green tractor']).toContain(res.body.machineName);
    // The name comes from machine-service's event, which may land just after the create.
    await expectEventually(async () => {
      const read = await api.get(`/api/services/${res.body.id}`, owner.token);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ ...res.body, machineName: 'Green tractor' });
    });
  });

  it('stores every field of the full form, the price exactly', async () => {
    const res = await api.post(
      '/api/services/fastCreate',
      {
        title: 'Brakes',
        status: 'In Progress',
        serviceDate: '2025-04-30',
        serviceType: 'Repair',
        serviceShop: "Joe's garage",
        notes: 'front pads\nrear discs',
        price: 249.99,
        miles: 48210,
        hours: 1320.5,
        machineId,
      },
      owner.token,
    );

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Brakes',
      status: 'In Progress',
      serviceDate: '2025-04-30',
      serviceType: 'Repair',
      serviceShop: "Joe's garage",
      notes: 'front pads\nrear discs',
      price: 249.99,
      miles: 48210,
      hours: 1320.5,
    });
  });

  it('reads numbers sent as form text, an empty reading as none', async () => {
    const res = await api.post(
      '/api/services/fastCreate',
      { title: 'Filters', machineId: String(machineId), price: '19.90', miles: '', hours: '12.5' },
      owner.token,
    );

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ machineId, price: 19.9, miles: null, hours: 12.5 });
  });

  it('refuses a record without a title, date or status with the spec message', async () => {
    for (const body of [{ machineId }, { title: '   ', machineId }, { title: 'x', status: '', machineId }, { title: 'x', serviceDate: ' ', machineId }]) {
      const res = await api.post('/api/services/fastCreate', body, owner.token);

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(validation(INVALID));
    }
  });

  it('requires a machine, and refuses a bad date, price or a too long title', async () => {
    expect((await api.post('/api/services/fastCreate', { title: 'x' }, owner.token)).body).toMatchObject(validation('Machine is required'));
    expect((await api.post('/api/services/fastCreate', { title: 'x', machineId: 0 }, owner.token)).body).toMatchObject(validation('Machine is required'));
    expect((await api.post('/api/services/fastCreate', { title: 'x', machineId, serviceDate: '2025-02-30' }, owner.token)).body).toMatchObject(
      validation('Service date must be a date (YYYY-MM-DD)'),
    );
    expect((await api.post('/api/services/fastCreate', { title: 'x', machineId, price: -1 }, owner.token)).body).toMatchObject(
      validation('Price must be a number from 0 to 9999999.99'),
    );
    expect((await api.post('/api/services/fastCreate', { title: 'x', machineId, price: 'lots' }, owner.token)).body).toMatchObject(
      validation('Price must be a number from 0 to 9999999.99'),
    );
    expect((await api.post('/api/services/fastCreate', { title: 'x'.repeat(201), machineId }, owner.token)).body).toMatchObject(
      validation('Title must be at most 200 characters'),
    );
  });

  it('answers the spec messages for ids that are not numbers greater than 0', async () => {
    for (const id of ['abc', '0', '-4', '1.5']) {
      expect((await api.get(`/api/services/${id}`, owner.token)).body).toMatchObject(validation('Invalid service record ID'));
      expect((await api.delete(`/api/services/${id}`, owner.token)).body).toMatchObject(validation('Invalid service record ID'));
      expect((await api.put(`/api/services/${id}`, { title: 'x' }, owner.token)).body).toMatchObject(validation('Invalid service record or ID'));
    }
    expect((await api.get('/api/services/machine/zero', owner.token)).body).toMatchObject(validation('Invalid machine ID'));
    expect((await api.get('/api/services/987654321', owner.token)).body).toEqual(notFound);
  });

  it('updates from the object a read returned (computed and unknown fields ignored) and answers 200 with it', async () => {
    const created = await serviceRecordFor(api, owner.token, machineId, { title: 'Hydraulic oil', price: 80 });
    const read = (await api.get(`/api/services/${created.id}`, owner.token)).body;

    const res = await api.put(
      `/api/services/${created.id}`,
      { ...read, status: 'Complete', price: 95.5, machineName: 'whatever', dateCreated: '2001-01-01T00:00:00Z', selected: true },
      owner.token,
    );

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...read, status: 'Complete', price: 95.5, updatedBy: { id: owner.id, name: 'Test User' } });
    expect((await api.get(`/api/services/${created.id}`, owner.token)).body).toEqual(res.body);
  });

  it('refuses an update that blanks the status, or whose body id is another record', async () => {
    const created = await serviceRecordFor(api, owner.token, machineId);

    expect((await api.put(`/api/services/${created.id}`, { ...created, status: ' ' }, owner.token)).body).toMatchObject(validation(INVALID));
    expect((await api.put(`/api/services/${created.id}`, { ...created, id: created.id + 1000 }, owner.token)).body).toMatchObject(
      validation('Invalid service record or ID'),
    );
    expect((await api.put(`/api/services/${created.id}`, [created], owner.token)).body).toMatchObject(validation('Invalid service record or ID'));
    expect((await api.post('/api/services/fastCreate', [created], owner.token)).body).toMatchObject(validation(INVALID));
    expect((await api.get(`/api/services/${created.id}`, owner.token)).body.status).toBe('New');
  });

  it('deletes a record with 204, after which it is not found', async () => {
    const created = await serviceRecordFor(api, owner.token, machineId);

    const res = await api.delete(`/api/services/${created.id}`, owner.token);

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await api.get(`/api/services/${created.id}`, owner.token)).body).toEqual(notFound);
    expect((await api.delete(`/api/services/${created.id}`, owner.token)).status).toBe(404);
  });

  it("lists a machine's records newest service date first", async () => {
    const machine = await machineForServiceTests(api, owner.token, 'Listing mower');
    for (const [title, serviceDate] of [
      ['middle', '2025-06-01'],
      ['oldest', '2023-01-15'],
      ['newest', '2026-03-03'],
    ]) {
      await serviceRecordFor(api, owner.token, machine, { title, serviceDate });
    }

    const res = await api.get(`/api/services/machine/${machine}`, owner.token);

    expect(res.status).toBe(200);
    expect(res.body.map((r: { title: string }) => r.title)).toEqual(['newest', 'middle', 'oldest']);
    expect(res.body.every((r: { machineId: number }) => r.machineId === machine)).toBe(true);
  });

  it('renames the records when their machine is renamed', async () => {
    const machine = await machineForServiceTests(api, owner.token, 'Before rename');
    const record = await serviceRecordFor(api, owner.token, machine);

    const renamed = await api.put('/api/machines/update', { id: machine, name: 'After rename' }, owner.token);
    expect(renamed.body).toMatchObject({ id: machine, name: 'After rename' });

    await expectEventually(async () => {
      expect((await api.get(`/api/services/${record.id}`, owner.token)).body.machineName).toBe('After rename');
    });
  });

  it("deletes a machine's records when the machine is deleted", async () => {
    const machine = await machineForServiceTests(api, owner.token, 'Going away');
    const record = await serviceRecordFor(api, owner.token, machine);

    expect((await api.delete(`/api/machines/${machine}`, owner.token)).status).toBe(204);

    await expectEventually(async () => {
      expect((await api.get(`/api/services/${record.id}`, owner.token)).status).toBe(404);
    });
    expect((await api.get(`/api/services/machine/${machine}`, owner.token)).body).toEqual([]);
  });

  it('needs a signed-in caller for every call', async () => {
    for (const [method, path] of [
      ['POST', '/api/services/fastCreate'],
      ['GET', '/api/services/recent'],
      ['GET', '/api/services/1'],
      ['PUT', '/api/services/1'],
      ['DELETE', '/api/services/1'],
      ['GET', '/api/services/machine/1'],
    ]) {
      expect((await api.request(method, path, { body: method === 'POST' || method === 'PUT' ? {} : undefined })).status).toBe(401);
    }
  });
});

describe.each(e2eProducts())('the recent services list (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let user: ApprovedUser;
  const made: any[] = [];
  const statuses = ['New', 'In Progress', 'Complete', 'Cancelled', 'Closed'];

  beforeAll(async () => {
    user = await createApprovedUser(api);
    const tractor = await machineForServiceTests(api, user.token, 'Alpha tractor');
    const truck = await machineForServiceTests(api, user.token, 'Bravo truck');
    for (let i = 0; i < 30; i++) {
      made.push(
        await serviceRecordFor(api, user.token, i % 3 === 0 ? truck : tractor, {
          title: `${i % 2 ? 'Brake' : 'oil'} job ${String(i).padStart(2, '0')}`,
          status: statuses[i % 5],
          serviceType: i % 4 === 0 ? 'Inspection' : 'Repair',
          serviceDate: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
          notes: i === 7 ? 'Found a cracked BELT' : undefined,
        }),
      );
    }
    // The names come from machine-service's events.
    await expectEventually(async () => {
      const page = await api.get('/api/services/recent?size=100', user.token);
      expect(page.body.content.every((r: { machineName: string | null }) => r.machineName !== null)).toBe(true);
    });
  }, 120000);

  const idsOf = (res: { body: { content: { id: number }[] } }) => res.body.content.map((r) => r.id);
  const order = (key: (r: any) => string, dir: 'asc' | 'desc', rows = made) =>
    [...rows]
      .sort((a, b) => {
        const c = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id;
        return dir === 'asc' ? c : -c;
      })
      .map((r) => r.id);

  it('answers the first page of 12 by default, newest service date first, with machine names', async () => {
    const res = await api.get('/api/services/recent', user.token);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalElements: 30, totalPages: 3, number: 0, size: 12 });
    expect(idsOf(res)).toEqual(order((r) => r.serviceDate, 'desc').slice(0, 12));
    expect(res.body.content[0]).toEqual(expect.objectContaining({ machineName: expect.stringMatching(/^(Alpha tractor|Bravo truck)$/) }));
  });

  it('pages with page and size, and answers an empty page past the end', async () => {
    const second = await api.get('/api/services/recent?page=1&size=6', user.token);
    const past = await api.get('/api/services/recent?page=9&size=6', user.token);

    expect(second.body).toMatchObject({ totalElements: 30, totalPages: 5, number: 1, size: 6 });
    expect(idsOf(second)).toEqual(order((r) => r.serviceDate, 'desc').slice(6, 12));
    expect(past.body).toMatchObject({ content: [], totalElements: 30, number: 9 });
  });

  it.each([
    ['title', (r: any) => r.title.toLowerCase()],
    ['serviceDate', (r: any) => r.serviceDate],
    ['serviceType', (r: any) => r.serviceType.toLowerCase()],
    ['status', (r: any) => r.status.toLowerCase()],
  ])('sorts on the server by %s both ways', async (field, key) => {
    for (const dir of ['asc', 'desc'] as const) {
      const res = await api.get(`/api/services/recent?size=100&sort=${field},${dir}`, user.token);

      expect(idsOf(res)).toEqual(order(key, dir));
    }
  });

  it('sorts by machine name', async () => {
    const res = await api.get('/api/services/recent?size=100&sort=machineName,desc', user.token);
    const names = res.body.content.map((r: { machineName: string }) => r.machineName);

    expect(names).toEqual([...Array(10).fill('Bravo truck'), ...Array(20).fill('Alpha tractor')]);
  });

  it('filters by status, and an empty status means no filter', async () => {
    const progress = await api.get('/api/services/recent?size=100&status=In%20Progress', user.token);
    const none = await api.get('/api/services/recent?size=100&status=', user.token);

    expect(progress.body.totalElements).toBe(6);
    expect(progress.body.content.every((r: { status: string }) => r.status === 'In Progress')).toBe(true);
    expect(none.body.totalElements).toBe(30);
  });

  it('searches title, notes, machine name, type and status', async () => {
    const total = async (q: string) => (await api.get(`/api/services/recent?q=${encodeURIComponent(q)}`, user.token)).body.totalElements;

    expect(await total('brake')).toBe(15);
    expect(await total('cracked belt')).toBe(1);
    expect(await total('BRAVO')).toBe(10);
    expect(await total('inspection')).toBe(8);
    expect(await total('cancelled')).toBe(6);
    expect(await total('nothing like this')).toBe(0);
  });

  it('refuses bad paging and sorting with a message', async () => {
    expect((await api.get('/api/services/recent?size=0', user.token)).body).toMatchObject(validation('Size must be a whole number from 1 to 100'));
    expect((await api.get('/api/services/recent?size=101', user.token)).body).toMatchObject(validation('Size must be a whole number from 1 to 100'));
    expect((await api.get('/api/services/recent?page=-1', user.token)).body).toMatchObject(validation('Page must be a whole number, 0 or more'));
    expect((await api.get('/api/services/recent?sort=price,asc', user.token)).body).toMatchObject(
      validation('Sort must be one of machineName, title, serviceDate, serviceType, status, optionally followed by ,asc or ,desc'),
    );
  });
});

describe.each(e2eProducts())("another user's service records (%s)", (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let intruder: ApprovedUser;
  let machineId: number;
  let record: any;

  beforeAll(async () => {
    [owner, intruder] = [await createApprovedUser(api), await createApprovedUser(api)];
    machineId = await machineForServiceTests(api, owner.token, "Owner's loader");
    record = await serviceRecordFor(api, owner.token, machineId, { title: 'Private job', price: 12.34 });
    await expectEventually(async () => {
      record = (await api.get(`/api/services/${record.id}`, owner.token)).body;
      expect(record.machineName).toBe("Owner's loader");
    });
  });

  it('answers 404 to every call on them and leaves them unchanged', async () => {
    const token = intruder.token;

    expect((await api.get(`/api/services/${record.id}`, token)).body).toEqual(notFound);
    expect((await api.put(`/api/services/${record.id}`, { ...record, title: 'Taken over' }, token)).body).toEqual(notFound);
    expect((await api.delete(`/api/services/${record.id}`, token)).body).toEqual(notFound);
    expect((await api.get(`/api/services/${record.id}`, owner.token)).body).toEqual(record);
  });

  it("never lists them, not even by the owner's machine id", async () => {
    const mine = await serviceRecordFor(api, intruder.token, await machineForServiceTests(api, intruder.token, 'Intruder bike'));

    const recent = await api.get('/api/services/recent?size=100&q=private', intruder.token);
    const byMachine = await api.get(`/api/services/machine/${machineId}`, intruder.token);
    const all = await api.get('/api/services/recent?size=100', intruder.token);

    expect(recent.body.totalElements).toBe(0);
    expect(byMachine.status).toBe(200);
    expect(byMachine.body).toEqual([]);
    expect(all.body.content.map((r: { id: number }) => r.id)).toEqual([mine.id]);
  });

  it("refuses a record on the owner's machine as not found", async () => {
    const res = await api.post('/api/services/fastCreate', { title: 'Sneaky', machineId }, intruder.token);

    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    expect((await api.get(`/api/services/machine/${machineId}`, owner.token)).body.map((r: { id: number }) => r.id)).toEqual([record.id]);
  });

  // (A deleted machine is refused once its deletion event has arrived: records.int-spec.ts.)
  it('refuses a nonexistent machine as not found, and ids beyond the range with a 4xx, storing nothing', async () => {
    const before = (await api.get('/api/services/recent?size=1', intruder.token)).body.totalElements;

    for (const id of [2_000_000_000]) {
      const res = await api.post('/api/services/fastCreate', { title: 'Orphan', machineId: id }, intruder.token);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    }
    for (const id of [1e308, 2 ** 53, 2 ** 31]) {
      const res = await api.post('/api/services/fastCreate', { title: 'Orphan', machineId: id }, intruder.token);
      expect([400, 404]).toContain(res.status);
      expect(res.body).toMatchObject({ statusCode: res.status, code: expect.any(String), correlationId: expect.any(String) });
    }
    expect((await api.get('/api/services/recent?size=1', intruder.token)).body.totalElements).toBe(before);
  });
});
