import { ApiClient, createApprovedUser, e2eDataDir, e2eProducts, expectEventually, readOutbox } from '@wrenchlog/testing';

const SALES_INBOX = 'sales@wrenchlog.local';

describe.each(e2eProducts())('contact and sales-contact submissions (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let admin: string;

  beforeAll(async () => {
    admin = await api.loginAsAdmin();
  });

  it('stores a Contact Sales submission without a token and mails it to the sales inbox', async () => {
    const email = `buyer-${Date.now()}@fleet.test`;
    const res = await api.post('/api/contact', {
      name: 'Pat Buyer',
      email,
      phone: '',
      company: 'Fleet Co',
      message: 'We run 40 mowers.',
      contactType: 'SalesContact',
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Pat Buyer',
      email,
      phone: null,
      company: 'Fleet Co',
      message: 'We run 40 mowers.',
      contactType: 'SalesContact',
      createDate: expect.any(String),
    });
    await expectEventually(() => {
      const mail = readOutbox(e2eDataDir(mode)).find((m) => m.replyTo === email);
      expect(mail).toMatchObject({ to: SALES_INBOX, subject: 'Sales contact from Pat Buyer (Fleet Co)' });
      expect(mail!.text).toContain('We run 40 mowers.');
    });
  });

  it('stores a Platinum Account inquiry with its requirements as the message', async () => {
    const email = `platinum-${Date.now()}@corp.test`;
    const res = await api.post('/api/contact', {
      name: 'Alex Exec',
      email,
      company: 'Big Corp',
      message: 'Custom telematics integration',
      contactType: 'PlatinumAccount',
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contactType: 'PlatinumAccount', message: 'Custom telematics integration' });
    await expectEventually(() => {
      const mail = readOutbox(e2eDataDir(mode)).find((m) => m.replyTo === email);
      expect(mail).toMatchObject({ to: SALES_INBOX, subject: 'Platinum account inquiry from Alex Exec (Big Corp)' });
    });
  });

  it('answers 400 with field messages for a contact without name, with a bad email, no message or an unknown type', async () => {
    const res = await api.post('/api/contact', { name: '', email: 'nope', message: '', contactType: 'Gold' });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'message', message: 'Message is required' },
      { field: 'contactType', message: 'Contact type must be SalesContact or PlatinumAccount' },
    ]);
  });

  it('stores a sales-contact form (phone optional) and mails it to the sales inbox', async () => {
    const email = `sales-form-${Date.now()}@rental.test`;
    const res = await api.post('/api/sales-contacts', { name: 'Sam Rental', company: 'Rent-All', email, requirements: 'Fleet of 12 excavators' });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Sam Rental',
      company: 'Rent-All',
      phone: null,
      email,
      requirements: 'Fleet of 12 excavators',
      createDate: expect.any(String),
    });
    await expectEventually(() => {
      const mail = readOutbox(e2eDataDir(mode)).find((m) => m.replyTo === email);
      expect(mail).toMatchObject({ to: SALES_INBOX, subject: 'Sales contact from Sam Rental (Rent-All)' });
      expect(mail!.text).toContain('Fleet of 12 excavators');
    });
  });

  it('requires name, company, a valid email and requirements on the sales-contact form', async () => {
    const res = await api.post('/api/sales-contacts', { phone: '555-0100', email: 'bad' });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'company', message: 'Company is required' },
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'requirements', message: 'Requirements are required' },
    ]);
  });

  it('lets an admin list both kinds of submission, newest first, paged', async () => {
    const email = `listed-${Date.now()}@fleet.test`;
    await api.post('/api/sales-contacts', { name: 'Listed', company: 'L', email, requirements: 'r' });

    const res = await api.get('/api/admin/contacts?page=0&size=3', admin);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: 0, size: 3, totalElements: expect.any(Number), totalPages: expect.any(Number) });
    expect(res.body.content[0]).toMatchObject({ email, source: 'sales-contacts', contactType: 'SalesContact', message: 'r' });
    expect(res.body.content.length).toBeLessThanOrEqual(3);
  });

  it('refuses the contact list to a non-admin with 403', async () => {
    const user = await createApprovedUser(api);

    expect((await api.get('/api/admin/contacts', user.token)).status).toBe(403);
  });
});
