import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  SCHEDULE_IMPORT_APPLY,
  SCHEDULE_IMPORT_APPLY_READINGS,
  SCHEDULE_IMPORT_APPLY_SCHEDULES,
  SCHEDULE_IMPORT_CHECK_SCHEDULES,
  SCHEDULE_IMPORT_CHECK,
  SCHEDULE_IMPORT_HAND_READINGS,
  SCHEDULE_IMPORT_REVERT,
  type ImportApplyRequest,
  type ImportCheckRequest,
  type ImportHandReadingsRequest,
  type ImportRevertRequest,
  METER_BY_MACHINE,
  METER_REPLACE,
  METER_UPDATE,
  READING_BATCH,
  READING_CREATE,
  ReadingBatchInput,
  type ReadingBatchRequest,
  READING_LIST,
  READING_UPDATE,
  READING_VOIDED_BY_RECORD,
  type VoidedByRecordRequest,
  CreateReadingInput,
  PageQuery,
  ReplaceMeterInput,
  UpdateMeterInput,
  UpdateReadingInput,
  type CreateReadingRequest,
  type MachineMetersRequest,
  type ReadingListRequest,
  type ReplaceMeterRequest,
  type RpcMessage,
  type UpdateMeterRequest,
  type UpdateReadingRequest,
  type Actor,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { ScheduleImportsService } from '../schedules/schedule-imports.service.js';
import { MeterCallsService } from './meter-calls.service.js';
import { ReadingBatchService } from './reading-batch.service.js';
import { ReadingImportsService } from './reading-imports.service.js';
import { ReadingsService } from './readings.service.js';
import { VoidedReadingsService } from './voided-readings.service.js';

@Controller()
export class ReadingsController {
  constructor(
    private readonly readings: ReadingsService,
    private readonly meters: MeterCallsService,
    private readonly imports: ReadingImportsService,
    private readonly scheduleImports: ScheduleImportsService,
    private readonly batches: ReadingBatchService,
    private readonly voided: VoidedReadingsService,
  ) {}

  /** Issue 38: what a service or fuel record's save left void (the gateway adds it to the save's reply). */
  @MessagePattern(READING_VOIDED_BY_RECORD)
  voidedByRecord(@Payload() m: RpcMessage<VoidedByRecordRequest>, @Caller('meter.read') caller: Actor) {
    return this.voided.ofRecord(caller, m.payload);
  }

  @MessagePattern(METER_BY_MACHINE)
  byMachine(@Payload() m: RpcMessage<MachineMetersRequest>, @Caller('meter.read') caller: Actor) {
    return this.meters.byMachine(caller, m.payload?.machineId);
  }

  @ValidInput(UpdateMeterInput, { at: 'meter' })
  @MessagePattern(METER_UPDATE)
  updateMeter(@Payload() m: RpcMessage<UpdateMeterRequest>, @Caller('meter.write') caller: Actor) {
    return this.meters.updateMeter(caller, m.payload, m.meta);
  }

  @ValidInput(ReplaceMeterInput, { at: 'replacement' })
  @MessagePattern(METER_REPLACE)
  replace(@Payload() m: RpcMessage<ReplaceMeterRequest>, @Caller('meter.write') caller: Actor) {
    return this.readings.replace(caller, m.payload, m.meta);
  }

  @ValidInput(CreateReadingInput, { at: 'reading' })
  @MessagePattern(READING_CREATE)
  create(@Payload() m: RpcMessage<CreateReadingRequest>, @Caller('meter.write') caller: Actor) {
    return this.readings.create(caller, m.payload, m.meta);
  }

  // Up to 1,000 readings (issue 33): the same right as one reading, each machine reached as for one.
  @ValidInput(ReadingBatchInput, { at: 'batch' })
  @MessagePattern(READING_BATCH)
  batch(@Payload() m: RpcMessage<ReadingBatchRequest>, @Caller('meter.write') caller: Actor) {
    return this.batches.batch(caller, m.payload, m.meta);
  }

  @ValidInput(PageQuery, { besides: ['meterId'] })
  @MessagePattern(READING_LIST)
  list(@Payload() m: RpcMessage<ReadingListRequest>, @Caller('meter.read') caller: Actor) {
    return this.readings.list(caller, m.payload);
  }

  @ValidInput(UpdateReadingInput, { at: 'reading' })
  @MessagePattern(READING_UPDATE)
  setVoid(@Payload() m: RpcMessage<UpdateReadingRequest>, @Caller('meter.write') caller: Actor) {
    return this.readings.setVoid(caller, m.payload, m.meta);
  }

  // Called by import-service's dry run and job, as the member who runs the import.
  @MessagePattern(SCHEDULE_IMPORT_CHECK)
  importCheck(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportCheckRequest>) {
    return this.imports.check(caller, m.payload);
  }

  @MessagePattern(SCHEDULE_IMPORT_APPLY)
  importApply(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.imports.apply(caller, m.payload, m.meta);
  }

  @MessagePattern(SCHEDULE_IMPORT_APPLY_READINGS)
  importApplyReadings(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.imports.applyReadings(caller, m.payload, m.meta);
  }

  @MessagePattern(SCHEDULE_IMPORT_APPLY_SCHEDULES)
  importApplySchedules(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.scheduleImports.applySchedules(caller, m.payload, m.meta);
  }

  @MessagePattern(SCHEDULE_IMPORT_CHECK_SCHEDULES)
  importCheckSchedules(@Caller('import.run') _caller: Actor, @Payload() m: RpcMessage<ImportCheckRequest>) {
    return this.scheduleImports.checkSchedules(m.payload);
  }

  @MessagePattern(SCHEDULE_IMPORT_HAND_READINGS)
  importHandReadings(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportHandReadingsRequest>) {
    return this.imports.handReadings(caller, m.payload);
  }

  @MessagePattern(SCHEDULE_IMPORT_REVERT)
  importRevert(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportRevertRequest>) {
    return this.imports.revert(caller, m.payload, m.meta);
  }
}
