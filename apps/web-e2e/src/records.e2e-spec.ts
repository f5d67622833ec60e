import { ApiClient, createApprovedUser, createMachine, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectNoErrorsThenClose, launch, openSession, pageWidths, signIn, type Session } from './browser.js';

// Fuel record and part purchase forms, and /fast-create, against the real back end: a fresh user
// with one machine. Desktop (1280 px) journey, then the stacked columns at 390 px.
let api: ApiClient;
let owner: ApprovedUser;
let machine: { id: number; name: string };

async function openSignedIn(browser: Browser, viewport: { width: number; height: number }, prefix: string, path: string): Promise<Session> {
  const s = await openSession(browser, viewport, prefix);
  await s.page.goto(path);
  await s.page.waitForURL((url) => url.pathname === '/login');
  await signIn(s.page, { username: owner.username, password: owner.password });
  await s.page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  return s;
}

/** The boxes of the /fast-create columns, in page order. */
async function columnBoxes(page: Page): Promise<{ x: number; y: number; width: number }[]> {
  const cards = page.getByTestId('fast-create-grid').locator(':scope > *');
  const boxes = [];
  for (let i = 0; i < (await cards.count()); i++) {
    const box = await cards.nth(i).boundingBox();
    boxes.push({ x: Math.round(box!.x), y: Math.round(box!.y), width: Math.round(box!.width) });
  }
  return boxes;
}

describe('fuel record, part purchase and fast create forms', () => {
  let browser: Browser;

  beforeAll(async () => {
    api = new ApiClient(baseUrl());
    owner = await createApprovedUser(api, { name: 'Fuel Owner' });
    const name = `Records rig ${Date.now() % 100000}`;
    machine = { id: (await createMachine(api, owner.token, { name })).id as number, name };
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('at 1280 px', () => {
    let s: Session;
    const fuelIds: number[] = [];

    beforeAll(async () => {
      s = await openSignedIn(browser, { width: 1280, height: 900 }, 'records-desktop', `/fuel-record?machineId=${machine.id}&mode=full`);
    });
    expectNoErrorsThenClose(() => s);

    it('creates two fuel records in full mode; the total and MPG are calculated', async () => {
      const form = s.page.getByRole('form', { name: 'Create Fuel Record' });
      await form.waitFor();
      await form.getByLabel('Date and Time of Purchase').fill('2026-11-01T08:15');
      await form.getByLabel('Amount (gal)').fill('10');
      await form.getByLabel('Price per Unit ($)').fill('3.459');
      expect(await form.getByLabel('Total Price ($)').inputValue()).toBe('34.59');
      await form.getByLabel('Current Mileage').fill('10000');
      await form.getByRole('button', { name: 'Save Fuel Record' }).click();
      await s.page.getByText('Fuel record created successfully!').waitFor();
      await s.page.waitForURL((url) => /^\/fuel-record\/\d+$/.test(url.pathname));
      fuelIds.push(Number(new URL(s.page.url()).pathname.split('/').pop()));

      await s.page.goto(`/fuel-record?machineId=${machine.id}&mode=full`);
      const next = s.page.getByRole('form', { name: 'Create Fuel Record' });
      // Last mileage comes from the machine's latest record.
      await next.getByLabel('Last Mileage').and(s.page.locator('[value="10000"]')).waitFor();
      await next.getByLabel('Date and Time of Purchase').fill('2026-11-15T17:40');
      await next.getByLabel('Amount (gal)').fill('12.5');
      await next.getByLabel('Price per Unit ($)').fill('3.459');
      expect(await next.getByLabel('Total Price ($)').inputValue()).toBe('43.24');
      await next.getByLabel('Current Mileage').fill('10300');
      expect(await next.getByLabel('Average MPG').inputValue()).toBe('24.0');
      await next.getByLabel('Store Name').fill('Ridge Fuel');
      await s.shot('01-fuel-create');
      await next.getByRole('button', { name: 'Save Fuel Record' }).click();
      await s.page.getByText('Fuel record created successfully!').waitFor();
      await s.page.waitForURL((url) => /^\/fuel-record\/\d+$/.test(url.pathname));
      fuelIds.push(Number(new URL(s.page.url()).pathname.split('/').pop()));

      const stored = await api.get(`/api/fuel-records/${fuelIds[1]}`, owner.token);
      expect(stored.body).toMatchObject({
        machineId: machine.id,
        amount: 12.5,
        pricePerUnit: 3.459,
        totalPrice: 43.24,
        lastMileage: 10000,
        currentMileage: 10300,
        mpg: 24,
        storeName: 'Ridge Fuel',
      });
    });

    it('reopens a fuel record and updates it with a total typed by hand', async () => {
      await s.page.goto(`/fuel-record/${fuelIds[1]}`);
      const form = s.page.getByRole('form', { name: 'Fuel Record Details' });
      await form.waitFor();
      expect(await form.getByLabel('Total Price ($)').inputValue()).toBe('43.24');
      await form.getByLabel('Total Price ($)').fill('42.99');
      await form.getByLabel('Amount (gal)').fill('12.4');
      expect(await form.getByLabel('Total Price ($)').inputValue()).toBe('42.99');
      await form.getByRole('button', { name: 'Update Fuel Record' }).click();
      await s.page.getByText('Fuel record updated successfully!').waitFor();
      await s.shot('02-fuel-updated');
      const stored = await api.get(`/api/fuel-records/${fuelIds[1]}`, owner.token);
      expect(stored.body).toMatchObject({ amount: 12.4, totalPrice: 42.99 });
    });

    it('deletes a fuel record after the confirmation and lands on the fuel history', async () => {
      await s.page.goto(`/fuel-record/${fuelIds[0]}`);
      await s.page.getByRole('form', { name: 'Fuel Record Details' }).getByRole('button', { name: 'Delete' }).click();
      const dialog = s.page.getByRole('dialog', { name: 'Delete Fuel Record' });
      await dialog.getByText('Are you sure you want to delete this fuel record? This action cannot be undone.').waitFor();
      await s.shot('03-fuel-delete');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await s.page.waitForURL((url) => url.pathname === `/machines/${machine.id}` && url.searchParams.get('tab') === 'fuel');
      expect((await api.get(`/api/fuel-records/${fuelIds[0]}`, owner.token)).status).toBe(404);
      // The one left is listed.
      await s.page.getByRole('cell', { name: '42.99' }).waitFor();
    });

    it("creates a part purchase linked to an inventory part and sees it on the machine's Parts History", async () => {
      const supplier = await api.post(
        '/api/suppliers',
        { name: 'Yard Supply', contact: 'Dana Ruiz', email: 'dana@yardsupply.test', phone: '555-0142', address: '400 Quarry Rd, Boise, ID 83702' },
        owner.token,
      );
      const stocked = await api.post(
        '/api/parts',
        {
          partNumber: 'HF-6899',
          name: 'Hydraulic return filter',
          description: 'Spin-on, 10 micron',
          category: 'Hydraulic',
          quantity: 1,
          minStock: 2,
          price: 38.5,
          supplierId: supplier.body.id,
        },
        owner.token,
      );
      expect(stocked.status).toBe(201);
      await s.page.goto(`/part-purchase?machineId=${machine.id}&mode=full`);
      const form = s.page.getByRole('form', { name: 'Create Part Purchase' });
      await form.waitFor();
      const create = form.getByRole('button', { name: 'Create Purchase' });
      expect(await create.isDisabled()).toBe(true);
      await form.getByLabel('Part Name').click();
      await form.getByLabel('Part Number').click();
      await form.getByText('Part name is required').waitFor();
      // Picking the inventory part fills name, number, description and price.
      await form.getByRole('combobox', { name: 'Inventory Part' }).fill('10 micron');
      await s.page.getByRole('option', { name: 'Hydraulic return filter (HF-6899)' }).click();
      expect(await form.getByLabel('Part Number').inputValue()).toBe('HF-6899');
      expect(await form.getByLabel('Price ($)').inputValue()).toBe('38.50');
      await form.getByLabel('Quantity').fill('2');
      await form.getByLabel('Status').selectOption('Purchased');
      await form.getByLabel('Store Name').fill('Yard Supply');
      await form.getByLabel('City').fill('Boise');
      await s.shot('04-purchase-create');
      await create.click();
      await s.page.waitForURL((url) => url.pathname === `/machines/${machine.id}` && url.searchParams.get('tab') === 'parts');
      await s.page.getByRole('cell', { name: 'Hydraulic return filter' }).waitFor();
      // A purchased, linked part raises the part's stock.
      await expectEventually(async () => expect((await api.get(`/api/parts/${stocked.body.id}`, owner.token)).body.quantity).toBe(3));
    });

    it('uses the fast forms side by side on /fast-create', async () => {
      await s.page.goto('/fast-create');
      const fuel = s.page.getByRole('form', { name: 'Create Fuel Record' });
      await fuel.getByRole('option', { name: machine.name }).waitFor({ state: 'attached' });
      const boxes = await columnBoxes(s.page);
      expect(boxes).toHaveLength(4);
      // Three columns: the first row side by side, the fourth form below the first.
      expect(boxes[0].y).toBe(boxes[1].y);
      expect(boxes[1].y).toBe(boxes[2].y);
      expect(boxes[0].x).toBeLessThan(boxes[1].x);
      expect(boxes[1].x).toBeLessThan(boxes[2].x);
      expect(boxes[3].x).toBe(boxes[0].x);
      expect(boxes[3].y).toBeGreaterThan(boxes[0].y);

      await fuel.getByRole('button', { name: 'Save Fuel Record' }).click();
      await fuel.getByText('Machine is required').waitFor();
      await fuel.getByLabel('Machine').selectOption({ label: machine.name });
      await fuel.getByLabel('Amount (gal)').fill('8');
      await fuel.getByLabel('Price per Unit ($)').fill('3.25');
      expect(await fuel.getByLabel('Total Price ($)').inputValue()).toBe('26.00');
      await fuel.getByRole('button', { name: 'Save Fuel Record' }).click();
      await fuel.getByText('Fuel record created successfully!').waitFor();

      const service = s.page.getByRole('form', { name: 'Create Service Record' });
      const serviceMachine = service.getByRole('combobox', { name: 'Machine' }).or(service.getByRole('textbox', { name: 'Machine' }));
      await serviceMachine.click();
      await s.page.getByRole('listbox', { name: 'Machine' }).getByRole('option', { name: machine.name }).click();
      await service.getByRole('textbox', { name: 'Title' }).fill('Blade sharpening');
      await service.getByRole('textbox', { name: 'Service Shop' }).fill('Yard crew');
      await service.getByRole('button', { name: 'Create Service Record' }).click();
      await service.getByText('Service record created successfully!').waitFor();

      const part = s.page.getByRole('form', { name: 'Create Part Purchase' });
      await part.getByLabel('Part Name').fill('Wiper blade');
      await part.getByLabel('Price ($)').fill('9.99');
      await part.getByLabel('Store Name').fill('Corner Auto');
      await part.getByRole('button', { name: 'Create Purchase' }).click();
      await part.getByText('Success').waitFor();

      const newMachine = s.page.getByRole('form', { name: 'Create New Machine' });
      await newMachine.getByLabel('Name').fill('Yard mower');
      await newMachine.getByLabel('Year').fill('2021');
      await newMachine.getByLabel('Make').fill('Deere');
      await newMachine.getByLabel('Model').fill('Z530M');
      await newMachine.getByRole('button', { name: 'Create New Machine' }).click();
      await newMachine.getByText('Machine created successfully!').waitFor();
      // The new machine is offered in the other forms' machine selects.
      await fuel.getByRole('option', { name: 'Yard mower' }).waitFor({ state: 'attached' });
      await s.shot('05-fast-create');

      const records = await api.get(`/api/fuel-records/machine/${machine.id}`, owner.token);
      expect(
        (records.body as { totalPrice: number; storeName: string | null; currentMileage: number | null }[]).some(
          (r) => r.totalPrice === 26 && !r.storeName && r.currentMileage === null,
        ),
      ).toBe(true);
      const services = await api.get(`/api/services/machine/${machine.id}`, owner.token);
      expect(
        (services.body as { title: string; serviceShop: string | null }[]).filter((r) => r.title === 'Blade sharpening').map((r) => r.serviceShop),
      ).toEqual(['Yard crew']);
      const purchases = await api.get('/api/purchases/getrecent', owner.token);
      const wiper = (purchases.body.content as { partName: string; price: number; machineId: number | null }[]).find((p) => p.partName === 'Wiper blade');
      expect(wiper?.price).toBe(9.99);
      expect(wiper?.machineId || null).toBeNull();
    });
  });

  describe('at 390 px', () => {
    let s: Session;

    beforeAll(async () => {
      s = await openSignedIn(browser, { width: 390, height: 844 }, 'records-mobile', '/fast-create');
    });
    expectNoErrorsThenClose(() => s);

    it('stacks the fast create forms in one column', async () => {
      await s.page.getByRole('form', { name: 'Create Fuel Record' }).getByRole('option', { name: machine.name }).waitFor({ state: 'attached' });
      const boxes = await columnBoxes(s.page);
      expect(boxes).toHaveLength(4);
      for (let i = 1; i < boxes.length; i++) {
        expect(boxes[i].x).toBe(boxes[0].x);
        expect(boxes[i].y).toBeGreaterThan(boxes[i - 1].y);
      }
      // Nothing wider than the screen.
      expect((await pageWidths(s.page)).scrollWidth).toBeLessThanOrEqual(390);
      await s.shot('01-fast-create');
    });
  });
});
