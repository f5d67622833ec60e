import {
  IMAGE_DELETED,
  IMAGE_STORED,
  ISSUE_BY_MACHINE,
  ISSUE_CREATE,
  ISSUE_DELETE,
  ISSUE_GET,
  ISSUE_IMAGE_ADD,
  ISSUE_IMAGE_DELETE,
  ISSUE_IMAGE_LIMIT,
  ISSUE_IMAGE_LIST,
  ISSUE_IMAGE_PROCESSED,
  ISSUE_RESOLVE,
  MACHINE_DELETED,
  type Actor,
  type ImageDeletedEvent,
  type ImageStoredEvent,
  type NewIssueImage,
} from '@wrenchlog/contracts';
import { anUploadedJpeg, expectEventually, testEngines } from '@wrenchlog/testing';
import { DataSource } from 'typeorm';
import { IssueImageEntity } from '../src/issue-images/issue-image.entity.js';
import { announceMachine, member, memberOf, OtherServices, ServiceUnderTest, userA, userB } from './harness.js';

// Issue 35: photos of issues through libs/owned-images, as service-record images: the rows, the
// worker's events, and the rules (who adds and removes, while the issue is open, at most 10).

const image = (accountId: number, fileName = 'leak.jpg'): NewIssueImage => ({ ...anUploadedJpeg(accountId), fileName });

describe.each(await testEngines())('work-order-service issue photos (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const others = new OtherServices();
  const operator = memberOf(userA, 'operator', 3201);
  const viewer = memberOf(userA, 'viewer', 3202);
  const mechanic = memberOf(userA, 'mechanic', 3203);
  const loader = 7201;
  const tractor = 7202;
  const report = async (actor: Actor = operator, machineId = loader) =>
    (await svc.send(ISSUE_CREATE, { machineId, issue: { title: 'Hydraulic leak', priority: 'high' } }, actor)).id as number;
  const add = (issueId: number, actor: Actor, images = [image(actor.accountId)]) => svc.send(ISSUE_IMAGE_ADD, { issueId, images }, actor);
  const rows = (issueId: number) => svc.get(DataSource).getRepository(IssueImageEntity).findBy({ issueId });

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, others);
    await announceMachine(svc, loader, userA, 'Volvo L60H');
    await announceMachine(svc, tractor, userA, 'John Deere 5075E');
    await member(svc, userA, 'Olga Owner', null);
    await member(svc, operator, 'Otto Operator', [loader]);
    await member(svc, viewer, 'Vera Viewer', null);
    await member(svc, mechanic, 'Mia Mechanic', [loader]);
    await expectEventually(async () => expect(await svc.send(ISSUE_BY_MACHINE, { machineId: tractor }, userA)).toEqual([]));
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it("records an operator's photo on their issue, announces it, and answers it with the issue once processed", async () => {
    const issueId = await report();
    const ref = image(userA.accountId);
    const [added] = await add(issueId, operator, [ref]);
    expect(added).toMatchObject({ fileName: 'leak.jpg', state: 'pending', createdBy: operator.userId, originalKey: ref.originalKey });
    // A retried upload (same keys) adds nothing twice.
    expect(await add(issueId, operator, [ref])).toEqual([added]);
    expect(await rows(issueId)).toHaveLength(1);
    await expectEventually(async () => expect(await svc.outboxPending()).toBe(0));
    const stored = svc.events(IMAGE_STORED).filter((e: ImageStoredEvent) => e.originalKey === ref.originalKey);
    expect(stored).toEqual([expect.objectContaining({ owner: 'work-order-service', recordId: issueId, machineId: loader, accountId: userA.accountId })]);

    await svc.emit(ISSUE_IMAGE_PROCESSED, {
      accountId: userA.accountId,
      owner: 'work-order-service',
      recordId: issueId,
      originalKey: ref.originalKey,
      thumbnailKey: ref.thumbnailKey,
      state: 'processed',
      error: null,
      originalSize: 900,
      thumbnailSize: 120,
    });
    await expectEventually(async () =>
      expect((await svc.send(ISSUE_GET, { id: issueId }, viewer)).images).toEqual([expect.objectContaining({ id: added.id, state: 'processed' })]),
    );
    const onMachine = (await svc.send(ISSUE_BY_MACHINE, { machineId: loader }, userA)).find((i: { id: number }) => i.id === issueId);
    expect(onMachine?.images).toHaveLength(1);
    expect(await svc.send(ISSUE_IMAGE_LIST, { issueId }, viewer)).toHaveLength(1);
  });

  it("refuses a viewer (403), another account's or an unreached issue (404), others' keys (400), and a resolved issue (409)", async () => {
    const issueId = await report(userA, loader);
    expect(await svc.failure(ISSUE_IMAGE_ADD, { issueId, images: [image(userA.accountId)] }, viewer)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await svc.failure(ISSUE_IMAGE_ADD, { issueId, images: [image(userB.accountId)] }, userB)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await svc.failure(ISSUE_IMAGE_LIST, { issueId }, userB)).toMatchObject({ code: 'NOT_FOUND', message: 'Issue not found' });
    expect(await svc.failure(ISSUE_IMAGE_ADD, { issueId, images: [image(userB.accountId)] }, userA)).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid image reference',
    });
    const onTractor = await report(userA, tractor);
    expect(await svc.failure(ISSUE_IMAGE_ADD, { issueId: onTractor, images: [image(userA.accountId)] }, operator)).toMatchObject({ code: 'NOT_FOUND' });
    await svc.send(ISSUE_RESOLVE, { id: issueId, note: 'Hose replaced' }, userA);
    expect(await svc.failure(ISSUE_IMAGE_ADD, { issueId, images: [image(userA.accountId)] }, userA)).toMatchObject({
      code: 'CONFLICT',
      message: 'Photos can be added only while the issue is open or in progress',
    });
    expect(await rows(issueId)).toEqual([]);
  });

  it(`holds at most ${ISSUE_IMAGE_LIMIT} photos: an upload beyond is refused whole`, async () => {
    const issueId = await report();
    await add(
      issueId,
      operator,
      Array.from({ length: ISSUE_IMAGE_LIMIT - 1 }, () => image(userA.accountId)),
    );
    const refused = await svc.failure(ISSUE_IMAGE_ADD, { issueId, images: [image(userA.accountId), image(userA.accountId)] }, operator);
    expect(refused).toMatchObject({ code: 'VALIDATION', details: [{ field: 'images' }] });
    expect(await rows(issueId)).toHaveLength(ISSUE_IMAGE_LIMIT - 1);
    await add(issueId, operator);
    expect(await rows(issueId)).toHaveLength(ISSUE_IMAGE_LIMIT);
  });

  it('lets the uploader or a member with issue.write remove a photo, and tells the worker', async () => {
    const issueId = await report();
    const [mine] = await add(issueId, operator);
    const [owners] = await add(issueId, userA);
    expect(await svc.failure(ISSUE_IMAGE_DELETE, { issueId, imageIds: [owners.id] }, operator)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await svc.failure(ISSUE_IMAGE_DELETE, { issueId, imageIds: [mine.id] }, viewer)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await svc.send(ISSUE_IMAGE_DELETE, { issueId, imageIds: [mine.id] }, operator)).toEqual({ deleted: 1 });
    expect(await svc.send(ISSUE_IMAGE_DELETE, { issueId, imageIds: [owners.id] }, mechanic)).toEqual({ deleted: 1 });
    expect(await rows(issueId)).toEqual([]);
    await expectEventually(async () => expect(await svc.outboxPending()).toBe(0));
    const gone = svc.events(IMAGE_DELETED).flatMap((e: ImageDeletedEvent) => e.images.map((i) => i.originalKey));
    expect(gone).toEqual(expect.arrayContaining([mine.originalKey, owners.originalKey]));
  });

  it("removes an issue's photos with it, and a deleted machine's with its issues", async () => {
    const issueId = await report(userA);
    const [photo] = await add(issueId, userA);
    await svc.send(ISSUE_DELETE, { id: issueId }, userA);
    expect(await rows(issueId)).toEqual([]);
    await expectEventually(async () => expect(await svc.outboxPending()).toBe(0));
    expect(svc.events(IMAGE_DELETED).flatMap((e: ImageDeletedEvent) => e.images.map((i) => i.originalKey))).toContain(photo.originalKey);

    const onTractor = await report(userA, tractor);
    await add(onTractor, userA);
    await svc.emit(MACHINE_DELETED, { machineId: tractor, accountId: userA.accountId, at: new Date().toISOString() });
    await expectEventually(async () => expect(await rows(onTractor)).toEqual([]));
  });
});
