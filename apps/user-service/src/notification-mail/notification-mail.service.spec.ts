import { aUser, FakeDatabase, fakeMail, fakeNotificationMailKeys, fakeTransactions, fakeUsers } from '../../test/fakes.js';
import { NotificationMailService } from './notification-mail.service.js';

const event = (userId: number, key: string) => ({
  actor: null,
  meta: { correlationId: 't' },
  payload: { key, userId, subject: 'Wrenchlog: 1 maintenance item needs attention', text: 'Tractor\n  - Due soon: Oil' },
});

describe(NotificationMailService.name, () => {
  let db: FakeDatabase;
  let sut: NotificationMailService;

  beforeEach(() => {
    db = new FakeDatabase();
    sut = new NotificationMailService(fakeNotificationMailKeys(db), fakeUsers(db), fakeTransactions(db), fakeMail(db));
  });

  it('queues the mail to the account address once per key, however often the event comes', async () => {
    const user = aUser(db);

    await sut.onRequested(event(user.id, 'digest:1:2026-03-02'));
    await sut.onRequested(event(user.id, 'digest:1:2026-03-02'));
    await sut.onRequested(event(user.id, 'digest:1:2026-03-03'));

    expect(db.tables.mail).toEqual([
      { to: user.username, subject: 'Wrenchlog: 1 maintenance item needs attention', text: 'Tractor\n  - Due soon: Oil' },
      { to: user.username, subject: 'Wrenchlog: 1 maintenance item needs attention', text: 'Tractor\n  - Due soon: Oil' },
    ]);
  });

  it('sends nothing to a disabled or unknown account, but remembers the key', async () => {
    const disabled = aUser(db, { enabled: false });

    await sut.onRequested(event(disabled.id, 'k1'));
    await sut.onRequested(event(999, 'k2'));

    expect(db.tables.mail).toEqual([]);
    expect(db.tables.notificationMailKeys).toEqual(['k1', 'k2']);
  });

  it('ignores a malformed event', async () => {
    const user = aUser(db);

    await sut.onRequested({ actor: null, meta: { correlationId: 't' }, payload: { key: '', userId: user.id, subject: 's', text: 't' } });
    await sut.onRequested({ actor: null, meta: { correlationId: 't' }, payload: { key: 'x'.repeat(201), userId: user.id, subject: 's', text: 't' } });

    expect(db.tables.mail).toEqual([]);
    expect(db.tables.notificationMailKeys).toEqual([]);
  });
});
