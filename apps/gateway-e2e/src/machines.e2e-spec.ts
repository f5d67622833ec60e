import { ApiClient, createApprovedUser, e2eProducts, expectEventually, serviceRecordFor, type ApprovedUser } from '@wrenchlog/testing';
import { createMachine, serviceRuns } from './machines.helpers.js';

describe.each(e2eProducts())('machines (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;

  beforeAll(async () => {
    owner = await createApprovedUser(api);
  });

  describe('POST /api/machines/create', () => {
    it('creates a machine and answers 201 with the stored machine', async () => {
      const res = await api.post('/api/machines/create', { name: ' Backhoe ', year: 2015, make: 'CAT', model: '420F' }, owner.token);

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        createdBy: { id: owner.id, name: 'Test User' },
        updatedBy: null,
        name: 'Backhoe',
        year: 2015,
        make: 'CAT',
        model: '420F',
        submodel: null,
        vin: null,
        serialNumber: null,
        color: null,
        description: null,
        status: 'Good',
        type: null,
        purchasedDate: null,
        lastServicedDate: null,
        miles: null,
        hours: null,
        license: null,
        licenseExpirationDate: null,
        isPermanentLicense: false,
        insuranceProvider: null,
        policyNumber: null,
        insuranceExpirationDate: null,
        profilePhoto: null,
        lastUpdated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        archived: false,
      });
      expect(res.body.id).toBeGreaterThan(0);
    });

    it('answers every missing field with the spec message', async () => {
      const res = await api.post('/api/machines/create', {}, owner.token);

      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.errors).toEqual([
        { field: 'name', message: 'Name is required' },
        { field: 'year', message: 'Year is required' },
        { field: 'make', message: 'Make is required' },
        { field: 'model', message: 'Model is required' },
      ]);
      expect(res.body.message).toBe('Name is required; Year is required; Make is required; Model is required');
    });

    it('treats blank text and an empty year as missing', async () => {
      const res = await api.post('/api/machines/create', { name: '   ', year: '', make: '', model: 'X' }, owner.token);

      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'name', message: 'Name is required' },
        { field: 'year', message: 'Year is required' },
        { field: 'make', message: 'Make is required' },
      ]);
    });

    it("refuses a year before 1900 with 'Year must be 1900 or later'", async () => {
      const res = await api.post('/api/machines/create', { name: 'Tractor', year: 1899, make: 'Ford', model: 'N' }, owner.token);

      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Year must be 1900 or later');
    });

    it('refuses a model year beyond next year, on create and on update, and takes next year', async () => {
      const nextYear = new Date().getFullYear() + 1;
      const tooLate = await api.post('/api/machines/create', { name: 'Future', year: nextYear + 1, make: 'Ford', model: 'N' }, owner.token);
      expect(tooLate.status).toBe(400);
      expect(tooLate.body.errors).toEqual([{ field: 'year', message: `Year must be ${nextYear} or earlier` }]);
      const created = await api.post('/api/machines/create', { name: 'Next model year', year: nextYear, make: 'Ford', model: 'N' }, owner.token);
      expect(created.status).toBe(201);
      const updated = await api.put('/api/machines/update', { id: created.body.id, year: nextYear + 5 }, owner.token);
      expect(updated.status).toBe(400);
      expect(updated.body.message).toBe(`Year must be ${nextYear} or earlier`);
    });

    it('answers the first machine again to a retried create with the same Idempotency-Key', async () => {
      const key = `machine-create-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const send = () =>
        api.request('POST', '/api/machines/create', {
          token: owner.token,
          body: { name: 'Retried', year: 2020, make: 'Kubota', model: 'L2501' },
          headers: { 'idempotency-key': key },
        });

      const first = await send();
      const second = await send();

      expect(first.status).toBe(201);
      expect(second.body.id).toBe(first.body.id);
      expect((await api.get('/api/machines/all', owner.token)).body.filter((m: { id: number }) => m.id === first.body.id)).toHaveLength(1);
    });

    it('needs a signed-in user', async () => {
      expect((await api.post('/api/machines/create', { name: 'A', year: 2000, make: 'B', model: 'C' })).status).toBe(401);
    });
  });

  describe('GET /api/machines/?machineId={id}', () => {
    it('answers the full machine', async () => {
      const machine = await createMachine(api, owner.token, { name: 'Skid Steer' });

      const res = await api.get(`/api/machines/?machineId=${machine.id}`, owner.token);

      expect(res.status).toBe(200);
      expect(res.body).toEqual(machine);
    });

    it('answers 400 for an id that is not a number above 0, and 404 for one that does not exist', async () => {
      expect((await api.get('/api/machines/?machineId=abc', owner.token)).body.message).toBe('Invalid machine ID');
      expect((await api.get('/api/machines/?machineId=0', owner.token)).status).toBe(400);
      expect((await api.get('/api/machines/?machineId=', owner.token)).status).toBe(400);
      const missing = await api.get('/api/machines/?machineId=2147483000', owner.token);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Machine not found');
    });
  });

  describe('GET /api/machines/all', () => {
    it("lists only the caller's machines as list items, by name", async () => {
      const user = await createApprovedUser(api);
      const other = await createApprovedUser(api);
      await createMachine(api, user.token, { name: 'Zamboni' });
      await createMachine(api, user.token, { name: 'Auger' });
      await createMachine(api, other.token, { name: 'Not mine' });

      const res = await api.get('/api/machines/all', user.token);

      expect(res.status).toBe(200);
      expect(res.body.map((m: { name: string }) => m.name)).toEqual(['Auger', 'Zamboni']);
      expect(Object.keys(res.body[0]).sort()).toEqual(['createdBy', 'id', 'lastServicedDate', 'lastUpdated', 'name', 'status', 'type', 'updatedBy']);
    });

    it('answers an empty list to a user with no machines', async () => {
      const user = await createApprovedUser(api);

      expect((await api.get('/api/machines/all', user.token)).body).toEqual([]);
    });
  });

  describe('PUT /api/machines/update', () => {
    it('takes back the whole machine a read returned, ignoring computed fields, and stores dates as dates', async () => {
      const machine = await createMachine(api, owner.token);
      const edited = {
        ...machine,
        name: 'Loader 2',
        color: 'Yellow',
        vin: '1HGBH41JXMN109186',
        type: 'Loader',
        miles: 12000,
        hours: 1520.5,
        // The SPA sends dates as 13:00 local time: a New York user, then a Tokyo user.
        purchasedDate: '2021-04-05T17:00:00.000Z',
        lastServicedDate: '2024-11-30T04:00:00.000Z',
        insuranceExpirationDate: '2026-01-31',
        licenseExpirationDate: '2025-12-01T13:00:00+01:00',
        lastUpdated: '1999-01-01T00:00:00.000Z',
        profilePhoto: 12345,
        somethingUnknown: 'ignored',
      };

      const res = await api.put('/api/machines/update', edited, owner.token);

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: machine.id,
        name: 'Loader 2',
        color: 'Yellow',
        type: 'Loader',
        miles: 12000,
        hours: 1520.5,
        purchasedDate: '2021-04-05',
        lastServicedDate: '2024-11-30',
        insuranceExpirationDate: '2026-01-31',
        licenseExpirationDate: '2025-12-01',
        profilePhoto: null,
      });
      expect(res.body).not.toHaveProperty('somethingUnknown');
      expect(Date.parse(res.body.lastUpdated)).toBeGreaterThan(Date.parse(machine.lastUpdated) - 1);
      expect((await api.get(`/api/machines/?machineId=${machine.id}`, owner.token)).body).toEqual(res.body);
    });

    it('changes only the status on a partial {id, status}', async () => {
      const machine = await createMachine(api, owner.token, { color: 'Green', type: 'Tractor' });

      const res = await api.put('/api/machines/update', { id: machine.id, status: 'Needs Service' }, owner.token);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...machine, status: 'Needs Service', lastUpdated: res.body.lastUpdated, updatedBy: { id: owner.id, name: 'Test User' } });
    });

    it('clears the license expiration date of a permanent license', async () => {
      const machine = await createMachine(api, owner.token, { licenseExpirationDate: '2027-06-30' });
      expect(machine.licenseExpirationDate).toBe('2027-06-30');

      const res = await api.put('/api/machines/update', { ...machine, isPermanentLicense: true }, owner.token);

      expect(res.body).toMatchObject({ isPermanentLicense: true, licenseExpirationDate: null });
    });

    it('validates what it is given', async () => {
      const machine = await createMachine(api, owner.token);

      const year = await api.put('/api/machines/update', { id: machine.id, year: 1800 }, owner.token);
      const name = await api.put('/api/machines/update', { id: machine.id, name: '' }, owner.token);
      const date = await api.put('/api/machines/update', { id: machine.id, purchasedDate: '2021-02-30' }, owner.token);
      const noId = await api.put('/api/machines/update', { status: 'Sold' }, owner.token);

      expect(year.body.message).toBe('Year must be 1900 or later');
      expect(name.body.message).toBe('Name is required');
      expect(date.body.message).toBe('purchasedDate must be a date (YYYY-MM-DD)');
      expect(noId.body.message).toBe('Invalid machine ID');
      expect([year.status, name.status, date.status, noId.status]).toEqual([400, 400, 400, 400]);
    });

    it('keeps a serial number beside the VIN: trimmed, at most 32 characters, and cleared by blank text (issue 33)', async () => {
      const machine = await createMachine(api, owner.token, { vin: '1HGCM82633A004352', serialNumber: '  CAT0320DKBZX01234 ' });
      expect(machine).toMatchObject({ vin: '1HGCM82633A004352', serialNumber: 'CAT0320DKBZX01234' });
      expect((await api.get(`/api/machines/?machineId=${machine.id}`, owner.token)).body.serialNumber).toBe('CAT0320DKBZX01234');

      const long = await api.put('/api/machines/update', { id: machine.id, serialNumber: 'S'.repeat(33) }, owner.token);
      expect(long.status).toBe(400);
      expect(long.body.errors).toEqual([{ field: 'serialNumber', message: 'Serial number must be at most 32 characters' }]);

      const blank = await api.put('/api/machines/update', { id: machine.id, serialNumber: '   ' }, owner.token);
      expect(blank.status).toBe(200);
      expect(blank.body).toMatchObject({ serialNumber: null, vin: '1HGCM82633A004352' });
    });

    it('answers 404 for a machine that does not exist', async () => {
      const res = await api.put('/api/machines/update', { id: 2147483000, status: 'Sold' }, owner.token);

      expect(res.status).toBe(404);
    });
  });

  describe('DELETE /api/machines/{id}', () => {
    it('deletes the machine with 204; it is gone from reads and lists', async () => {
      const machine = await createMachine(api, owner.token);

      const res = await api.delete(`/api/machines/${machine.id}`, owner.token);

      expect(res.status).toBe(204);
      expect((await api.get(`/api/machines/?machineId=${machine.id}`, owner.token)).status).toBe(404);
      expect((await api.get('/api/machines/all', owner.token)).body.map((m: { id: number }) => m.id)).not.toContain(machine.id);
      expect((await api.delete(`/api/machines/${machine.id}`, owner.token)).status).toBe(404);
    });

    it('answers 400 for an id that is not a number', async () => {
      expect((await api.delete('/api/machines/abc', owner.token)).status).toBe(400);
    });
  });

  describe('GET /api/machines/recentlyserviced', () => {
    it('orders machines by their last service, newest first, with never-serviced machines after them', async () => {
      const user = await createApprovedUser(api);
      const never = await createMachine(api, user.token, { name: 'Never serviced' });
      const older = await createMachine(api, user.token, { name: 'Older', lastServicedDate: '2024-01-10' });
      const newer = await createMachine(api, user.token, { name: 'Newer', lastServicedDate: '2025-03-01' });

      const res = await api.get('/api/machines/recentlyserviced', user.token);

      expect(res.status).toBe(200);
      expect(res.body.map((m: { id: number }) => m.id)).toEqual([newer.id, older.id, never.id]);
    });

    (serviceRuns('service-record-service') ? it : it.skip)('moves a machine up when a service record is saved for it', async () => {
      const user = await createApprovedUser(api);
      const first = await createMachine(api, user.token, { name: 'First', lastServicedDate: '2024-05-01' });
      const second = await createMachine(api, user.token, { name: 'Second' });

      await serviceRecordFor(api, user.token, second.id, { serviceDate: '2025-06-15', status: 'Complete' });

      await expectEventually(async () => {
        const res = await api.get('/api/machines/recentlyserviced', user.token);
        expect(res.body.map((m: { id: number }) => m.id)).toEqual([second.id, first.id]);
        expect(res.body[0].lastServicedDate).toBe('2025-06-15');
      }, 20000);
      const machine = (await api.get(`/api/machines/?machineId=${second.id}`, user.token)).body;
      expect(machine.lastServicedDate).toBe('2025-06-15');
      expect(Date.parse(machine.lastUpdated)).toBeGreaterThanOrEqual(Date.parse(second.lastUpdated));
    });
  });
});
