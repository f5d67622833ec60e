import { ApiClient, createApprovedUser, e2eProducts, type ApprovedUser } from '@wrenchlog/testing';
import { partBody, supplierBody } from './fuel-purchase.helpers.js';

describe.each(e2eProducts())('parts and suppliers inventory (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Inventory A' }), createApprovedUser(api, { name: 'Inventory B' })]);
  });

  const newSupplier = async (token: string, overrides: Record<string, unknown> = {}) => {
    const res = await api.post('/api/suppliers', supplierBody(overrides), token);
    expect(res.status).toBe(201);
    return res.body as { id: number; name: string };
  };

  describe('suppliers', () => {
    it('creates (201), reads, updates (200) and deletes (204) a supplier; address is optional', async () => {
      const created = await api.post('/api/suppliers', supplierBody({ address: undefined }), a.token);
      expect(created.body).toEqual({
        id: expect.any(Number),
        createdBy: { id: a.id, name: 'Inventory A' },
        updatedBy: null,
        name: 'Heartland Hydraulics',
        contact: 'Marcus Reed',
        email: 'marcus.reed@example.com',
        phone: '(816) 555-0178',
        address: null,
      });

      const updated = await api.put(`/api/suppliers/${created.body.id}`, { ...created.body, address: '1 Main St, Ames, IA 50010' }, a.token);
      expect(updated.status).toBe(200);
      expect((await api.get(`/api/suppliers/${created.body.id}`, a.token)).body.address).toBe('1 Main St, Ames, IA 50010');

      expect((await api.delete(`/api/suppliers/${created.body.id}`, a.token)).status).toBe(204);
      expect((await api.get(`/api/suppliers/${created.body.id}`, a.token)).status).toBe(404);
    });

    it('answers 400 naming every required field, and refuses an invalid email', async () => {
      const empty = await api.post('/api/suppliers', {}, a.token);
      const badEmail = await api.post('/api/suppliers', supplierBody({ email: 'marcus at example' }), a.token);

      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual([
        { field: 'name', message: 'Company name is required' },
        { field: 'contact', message: 'Contact person is required' },
        { field: 'email', message: 'Email is required' },
        { field: 'phone', message: 'Phone is required' },
      ]);
      expect(badEmail.body.errors).toEqual([{ field: 'email', message: 'Email must be a valid email address' }]);
    });

    it('searches case-insensitively by name, contact, email and location, in pages of 10', async () => {
      const user = await createApprovedUser(api, { name: 'Supplier search' });
      for (let i = 1; i <= 11; i++) {
        await newSupplier(user.token, {
          name: `Dealer ${String(i).padStart(2, '0')}`,
          contact: `Contact ${i}`,
          email: `dealer${i}@example.com`,
          address: i === 3 ? '12 Elm St, Boise, ID 83702' : 'Somewhere',
        });
      }
      const search = async (q: string) => (await api.get(`/api/suppliers?search=${encodeURIComponent(q)}`, user.token)).body;

      const firstPage = await api.get('/api/suppliers', user.token);
      const secondPage = await api.get('/api/suppliers?page=1', user.token);

      expect(firstPage.body).toMatchObject({ totalElements: 11, totalPages: 2, number: 0, size: 10 });
      expect(firstPage.body.content).toHaveLength(10);
      expect(secondPage.body.content.map((s: { name: string }) => s.name)).toEqual(['Dealer 11']);
      expect((await search('DEALER 07')).content.map((s: { name: string }) => s.name)).toEqual(['Dealer 07']);
      expect((await search('contact 11')).totalElements).toBe(1);
      expect((await search('dealer4@EXAMPLE')).totalElements).toBe(1);
      expect((await search('boise')).content.map((s: { name: string }) => s.name)).toEqual(['Dealer 03']);
      expect((await api.get('/api/suppliers/all', user.token)).body).toHaveLength(11);
    });

    it('refuses with 409 to delete a supplier that still supplies parts, and shows a new name on its parts', async () => {
      const supplier = await newSupplier(a.token, { name: 'Old Name Supply' });
      const part = (await api.post('/api/parts', partBody(supplier.id), a.token)).body;

      const refused = await api.delete(`/api/suppliers/${supplier.id}`, a.token);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'CONFLICT',
        message: 'This supplier cannot be deleted: 1 part is still supplied by it. Delete those parts or choose another supplier for them first.',
      });
      expect((await api.get(`/api/suppliers/${supplier.id}`, a.token)).status).toBe(200);

      await api.put(`/api/suppliers/${supplier.id}`, supplierBody({ name: 'New Name Supply' }), a.token);
      expect((await api.get(`/api/parts/${part.id}`, a.token)).body.supplier).toBe('New Name Supply');

      expect((await api.delete(`/api/parts/${part.id}`, a.token)).status).toBe(204);
      expect((await api.delete(`/api/suppliers/${supplier.id}`, a.token)).status).toBe(204);
    });
  });

  describe('parts', () => {
    it("creates (201) a part that answers its supplier's name and stock status, updates it (200) and really deletes it (204)", async () => {
      const supplier = await newSupplier(a.token);
      const created = await api.post('/api/parts', partBody(supplier.id, { quantity: 7, price: 12.5 }), a.token);

      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        createdBy: { id: a.id, name: 'Inventory A' },
        updatedBy: null,
        partNumber: 'SK-2291',
        name: 'Bucket Cylinder Seal Kit',
        description: 'Rod seal, wiper and piston seal',
        category: 'Hydraulic',
        quantity: 7,
        // Issue 35: nothing reserved by work orders yet.
        reserved: 0,
        available: 7,
        minStock: 2,
        price: 12.5,
        supplierId: supplier.id,
        supplier: 'Heartland Hydraulics',
        brand: 'Parker',
        stockStatus: 'in-stock',
      });
      const updated = await api.put(`/api/parts/${created.body.id}`, { ...created.body, quantity: 0, stockStatus: 'in-stock', supplier: 'ignored' }, a.token);
      expect(updated.body).toMatchObject({ quantity: 0, stockStatus: 'out-of-stock', supplier: 'Heartland Hydraulics' });

      expect((await api.delete(`/api/parts/${created.body.id}`, a.token)).status).toBe(204);
      expect((await api.get(`/api/parts/${created.body.id}`, a.token)).status).toBe(404);
    });

    it('answers 400 naming every required field, and refuses negative numbers and unknown categories', async () => {
      const empty = await api.post('/api/parts', {}, a.token);
      const wrong = await api.post('/api/parts', partBody(1, { quantity: -1, minStock: -2, price: -0.01, category: 'Tyres' }), a.token);

      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual([
        { field: 'partNumber', message: 'Part number is required' },
        { field: 'name', message: 'Name is required' },
        { field: 'category', message: 'Category is required' },
        { field: 'quantity', message: 'Quantity is required' },
        { field: 'minStock', message: 'Min stock is required' },
        { field: 'price', message: 'Price is required' },
        { field: 'supplierId', message: 'Supplier is required' },
      ]);
      expect(wrong.body.errors).toEqual([
        { field: 'category', message: 'Category must be one of Engine, Hydraulic, Electrical, Filters, Belts, Other' },
        { field: 'quantity', message: 'Quantity must be at least 0' },
        { field: 'minStock', message: 'Min stock must be at least 0' },
        { field: 'price', message: 'Price must be at least 0' },
      ]);
    });

    it('calls 0 out of stock, 1..minStock low stock and minStock + 1 in stock, filters on it and counts it in the quick stats', async () => {
      const user = await createApprovedUser(api, { name: 'Stock levels' });
      const supplier = await newSupplier(user.token);
      const status: Record<number, string> = {};
      for (const quantity of [0, 1, 3, 4]) {
        const res = await api.post(
          '/api/parts',
          partBody(supplier.id, { name: `Qty ${quantity}`, partNumber: `Q-${quantity}`, quantity, minStock: 3 }),
          user.token,
        );
        status[quantity] = res.body.stockStatus;
      }
      const names = async (stock: string) => (await api.get(`/api/parts?stock=${stock}`, user.token)).body.content.map((p: { name: string }) => p.name);

      expect(status).toEqual({ 0: 'out-of-stock', 1: 'low-stock', 3: 'low-stock', 4: 'in-stock' });
      expect(await names('out-of-stock')).toEqual(['Qty 0']);
      expect(await names('low-stock')).toEqual(['Qty 1', 'Qty 3']);
      expect(await names('in-stock')).toEqual(['Qty 4']);
      expect((await api.get('/api/parts?stock=plenty', user.token)).status).toBe(400);
      expect((await api.get('/api/parts/stats', user.token)).body).toEqual({ totalParts: 4, lowStock: 2, outOfStock: 1, suppliers: 1 });
    });

    it('searches case-insensitively in name, part number and description, in pages of 10', async () => {
      const user = await createApprovedUser(api, { name: 'Part search' });
      const supplier = await newSupplier(user.token);
      for (let i = 1; i <= 12; i++) {
        await api.post(
          '/api/parts',
          partBody(supplier.id, {
            name: `Filter ${String(i).padStart(2, '0')}`,
            partNumber: `PN-${1000 + i}`,
            description: i === 5 ? 'Fits the Bobcat S70' : null,
          }),
          user.token,
        );
      }
      const search = async (q: string) => (await api.get(`/api/parts?search=${encodeURIComponent(q)}`, user.token)).body;

      const first = await api.get('/api/parts', user.token);
      const second = await api.get('/api/parts?page=1', user.token);

      expect(first.body).toMatchObject({ totalElements: 12, totalPages: 2, number: 0, size: 10 });
      expect(second.body.content.map((p: { name: string }) => p.name)).toEqual(['Filter 11', 'Filter 12']);
      expect((await search('FILTER 02')).content.map((p: { name: string }) => p.name)).toEqual(['Filter 02']);
      expect((await search('pn-1012')).content.map((p: { name: string }) => p.name)).toEqual(['Filter 12']);
      expect((await search('bobcat')).content.map((p: { name: string }) => p.name)).toEqual(['Filter 05']);
      expect((await search('50%')).totalElements).toBe(0);
    });
  });

  describe('sample inventory', () => {
    it('loads 5 suppliers and 10 parts over the six categories into a new account with one call, and refuses a second load with 409', async () => {
      const user = await createApprovedUser(api, { name: 'Sample loader' });
      expect((await api.get('/api/parts', user.token)).body.totalElements).toBe(0);

      const loaded = await api.post('/api/parts/sample', undefined, user.token);
      const again = await api.post('/api/parts/sample', undefined, user.token);

      expect(loaded.status).toBe(201);
      expect(loaded.body.suppliers).toHaveLength(5);
      expect(loaded.body.parts).toHaveLength(10);
      expect(new Set(loaded.body.parts.map((p: { category: string }) => p.category))).toEqual(
        new Set(['Filters', 'Other', 'Electrical', 'Hydraulic', 'Belts', 'Engine']),
      );
      expect((await api.get('/api/parts/stats', user.token)).body).toEqual({ totalParts: 10, lowStock: 3, outOfStock: 2, suppliers: 5 });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('The sample inventory can only be loaded into an empty inventory: this account already has parts or suppliers.');
      expect((await api.get('/api/parts/stats', user.token)).body.totalParts).toBe(10);
    });

    it('refuses to load into an account that has only a supplier', async () => {
      const user = await createApprovedUser(api, { name: 'Sample refused' });
      await newSupplier(user.token);

      const res = await api.post('/api/parts/sample', undefined, user.token);

      expect(res.status).toBe(409);
      expect((await api.get('/api/parts/stats', user.token)).body).toEqual({ totalParts: 0, lowStock: 0, outOfStock: 0, suppliers: 1 });
    });
  });

  describe('authorisation', () => {
    it("answers 404 to another user on every call with a part's or supplier's id, and the owner's data is unchanged", async () => {
      const supplier = await newSupplier(a.token, { name: 'Private Supply' });
      const part = (await api.post('/api/parts', partBody(supplier.id, { name: 'Private part' }), a.token)).body;
      const bSupplier = await newSupplier(b.token);

      const calls = [
        await api.get(`/api/parts/${part.id}`, b.token),
        await api.put(`/api/parts/${part.id}`, partBody(bSupplier.id, { name: 'Taken' }), b.token),
        await api.delete(`/api/parts/${part.id}`, b.token),
        await api.get(`/api/suppliers/${supplier.id}`, b.token),
        await api.put(`/api/suppliers/${supplier.id}`, supplierBody({ name: 'Taken' }), b.token),
        await api.delete(`/api/suppliers/${supplier.id}`, b.token),
        await api.post('/api/parts', partBody(supplier.id), b.token),
      ];

      expect(calls.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
      expect(calls[6].body.message).toBe('Supplier not found');
      expect((await api.get(`/api/parts?search=private`, b.token)).body.totalElements).toBe(0);
      expect((await api.get(`/api/parts/${part.id}`, a.token)).body).toEqual(part);
      expect((await api.get(`/api/suppliers/${supplier.id}`, a.token)).body.name).toBe('Private Supply');
    });

    it('needs a token', async () => {
      expect((await api.get('/api/parts')).status).toBe(401);
      expect((await api.get('/api/suppliers')).status).toBe(401);
      expect((await api.post('/api/parts/sample')).status).toBe(401);
    });
  });
});
