import { handlerCallers } from '@wrenchlog/platform';
import { ContactsController } from './contacts.controller.js';
import { fakeContacts, FakeDatabase, fakeMail, fakeTransactions, testEnv } from '../../test/fakes.js';
import type { MailQueue } from '../mail/mail-queue.js';
import { ContactsService } from './contacts.service.js';

describe(ContactsService.name, () => {
  let db: FakeDatabase;
  const service = (mail: MailQueue = fakeMail(db)) => new ContactsService(fakeContacts(db), fakeTransactions(db), mail, testEnv({ SALES_INBOX: 'sales@test' }));

  beforeEach(() => {
    db = new FakeDatabase();
  });

  it('stores a contact trimmed, with the address the gateway saw, and mails it to the sales inbox', async () => {
    const view = await service().submitContact({
      contactType: 'PlatinumAccount',
      name: ' Dana ',
      email: ' dana@test ',
      phone: ' ',
      company: ' Fleet Co ',
      message: ' Need 40 seats ',
      ipAddress: '203.0.113.5',
    });

    expect(view).toEqual({
      id: expect.any(Number),
      name: 'Dana',
      email: 'dana@test',
      phone: null,
      company: 'Fleet Co',
      message: 'Need 40 seats',
      contactType: 'PlatinumAccount',
      createDate: expect.any(String),
    });
    expect(db.tables.contacts[0]).toMatchObject({ source: 'contact', ipAddress: '203.0.113.5' });
    expect(db.tables.mail).toEqual([
      expect.objectContaining({ to: 'sales@test', replyTo: 'dana@test', subject: 'Platinum account inquiry from Dana (Fleet Co)' }),
    ]);
    expect(db.tables.mail[0].text).toContain('Requirements:\nNeed 40 seats');
  });

  it('answers a sales contact with its requirements', async () => {
    const view = await service().submitSalesContact({ name: 'Lee', email: 'lee@test', company: 'Acme', requirements: 'Twelve tractors' });

    expect(view).toEqual({
      id: expect.any(Number),
      name: 'Lee',
      company: 'Acme',
      phone: null,
      email: 'lee@test',
      requirements: 'Twelve tractors',
      createDate: expect.any(String),
    });
    expect(db.tables.contacts[0]).toMatchObject({ source: 'sales-contacts', contactType: 'SalesContact', ipAddress: null });
  });

  it('keeps no submission whose mail could not be queued (one transaction)', async () => {
    const broken = { enqueue: () => Promise.reject(new Error('mail table unavailable')) } as unknown as MailQueue;

    await expect(service(broken).submitSalesContact({ name: 'Lee', email: 'lee@test', company: 'Acme', requirements: 'x' })).rejects.toThrow(
      'mail table unavailable',
    );

    expect(db.tables.contacts).toEqual([]);
  });

  it('lists submissions newest first, a page at a time, to administrators only', async () => {
    const contacts = service();
    const first = await contacts.submitSalesContact({ name: 'A', email: 'a@test', company: 'A', requirements: 'x' });
    db.tables.contacts[0].createDate = new Date(Date.now() - 60_000);
    const second = await contacts.submitContact({ contactType: 'SalesContact', name: 'B', email: 'b@test', message: 'y' });

    const page = await contacts.list(0, 1);

    expect(page).toMatchObject({ content: [{ id: second.id, source: 'contact' }], totalElements: 2, totalPages: 2, number: 0, size: 1 });
    expect((await contacts.list(1, 1)).content.map((c) => c.id)).toEqual([first.id]);
    expect(handlerCallers(ContactsController)).toEqual({ list: 'admin' });
  });
});
