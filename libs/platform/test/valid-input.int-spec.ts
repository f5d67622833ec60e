import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ErrorCode, type Actor, type RpcMessage } from '@wrenchlog/contracts';
import { IsInt, IsNotEmpty, IsOptional, Min } from 'class-validator';
import { Caller } from '../src/rpc/caller.decorator.js';
import { ValidInput } from '../src/validation/valid-input.js';
import { serveInProcess } from './in-process-service.js';

// @ValidInput(Dto) in a real Nest microservice: the handler receives the checked DTO instance, and
// a payload that breaks it is refused with the gateway's 400 before the handler runs.
class CreateThing {
  @IsNotEmpty({ message: 'Name is required' })
  name!: string;

  @IsOptional()
  @IsInt({ message: 'Count must be a whole number' })
  @Min(1, { message: 'Count must be at least 1' })
  count?: number;
}

const ran: unknown[] = [];

@Controller()
class ThingsController {
  @ValidInput(CreateThing)
  @MessagePattern('user.thing.create')
  create(@Payload() m: RpcMessage<CreateThing>, @Caller() caller: Actor) {
    ran.push(m.payload);
    return { ...m.payload, userId: caller.userId, isDto: m.payload instanceof CreateThing };
  }

  @ValidInput(CreateThing, { at: 'thing', notAnObject: 'Invalid thing or ID' })
  @MessagePattern('user.thing.update')
  update(@Payload() m: RpcMessage<{ id: number; thing: CreateThing }>) {
    ran.push(m.payload);
    return { id: m.payload.id, thing: { ...m.payload.thing }, isDto: m.payload.thing instanceof CreateThing };
  }

  @ValidInput(CreateThing, { besides: ['id'] })
  @MessagePattern('user.thing.rename')
  rename(@Payload() m: RpcMessage<CreateThing & { id: number }>) {
    ran.push(m.payload);
    return { ...m.payload, isDto: m.payload instanceof CreateThing };
  }
}

describe('the @ValidInput handler decorator', () => {
  let service: Awaited<ReturnType<typeof serveInProcess>>;
  const user = { userId: 7, adminLevel: 0 } as Actor;
  const send = (payload: unknown) => service.send('user.thing.create', payload, user);

  beforeAll(async () => {
    service = await serveInProcess([ThingsController]);
  });

  afterAll(() => service?.close());

  beforeEach(() => {
    ran.length = 0;
  });

  it('hands the handler the DTO instance, unknown fields stripped', async () => {
    await expect(send({ name: 'Pump', count: 2, admin: true })).resolves.toEqual({ name: 'Pump', count: 2, userId: 7, isDto: true });
  });

  it('refuses a payload that breaks the DTO with the field messages, before the handler runs', async () => {
    await expect(send({ name: '', count: 0 })).rejects.toMatchObject({
      code: ErrorCode.Validation,
      message: 'Name is required; Count must be at least 1',
    });
    await expect(send(null)).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'The body must be a JSON object' });
    expect(ran).toEqual([]);
  });

  it('checks the DTO inside the payload at the given field, keeping the other fields', async () => {
    const update = (payload: unknown) => service.send('user.thing.update', payload, user);

    await expect(update({ id: 3, thing: { name: 'Pump', extra: 1 } })).resolves.toEqual({ id: 3, thing: { name: 'Pump' }, isDto: true });
    await expect(update({ id: 3, thing: { count: 'two' } })).rejects.toMatchObject({ message: 'Name is required; Count must be a whole number' });
    await expect(update({ id: 3, thing: [] })).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Invalid thing or ID' });
    await expect(update({ id: 3 })).rejects.toMatchObject({ message: 'Invalid thing or ID' });
    expect(ran).toEqual([{ id: 3, thing: { name: 'Pump' } }]);
  });

  it('keeps the fields the gateway sends beside the DTO, and strips any other', async () => {
    const rename = (payload: unknown) => service.send('user.thing.rename', payload, user);

    await expect(rename({ id: 4, name: 'Pump', admin: true })).resolves.toEqual({ id: 4, name: 'Pump', isDto: true });
    await expect(rename({ id: 4, name: '' })).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Name is required' });
    expect(ran).toEqual([{ id: 4, name: 'Pump' }]);
  });
});
