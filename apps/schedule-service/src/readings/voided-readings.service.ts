import { Injectable } from '@nestjs/common';
import { badRequest } from '@wrenchlog/platform';
import { isValidId, type Actor, type VoidedByRecordRequest, type VoidedReading } from '@wrenchlog/contracts';
import { DataSource } from 'typeorm';
import { MachineAccess, reaches } from '../machines/machine-access.js';
import type { MeterEntity } from '../meters/meter.entity.js';
import { isMachineFieldReading } from '../meters/meter.rules.js';
import { MetersRepository } from '../meters/meters.repository.js';
import type { ReadingEntity } from '../meters/reading.entity.js';
import { toReading } from './reading-events.js';

/**
 * What a service or fuel record's save voided (issue 38), asked by the gateway right after the save
 * (its session waits until this service applied the record's event): the record's own readings left
 * void because they break the sequence, and the readings its readings overrode (a machine field's
 * value). Each with the reading it conflicts with, so the person saving can be told.
 */
@Injectable()
export class VoidedReadingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly meters: MetersRepository,
    private readonly access: MachineAccess,
  ) {}

  async ofRecord(actor: Actor, request: VoidedByRecordRequest | undefined): Promise<VoidedReading[]> {
    if (!request || (request.source !== 'service_record' && request.source !== 'fuel_record') || !isValidId(request.recordId)) {
      throw badRequest('Invalid record');
    }
    const manager = this.dataSource.manager;
    const scope = await this.access.scope(actor);
    const own = (await this.meters.bySource(manager, request.source, request.recordId)).filter(
      (r) => r.accountId === actor.accountId && reaches(scope, r.machineId),
    );
    // Its own readings it left void, and the machine fields' values its readings overrode (a reading
    // that came later and broke with it was told so by its own save).
    const overridden = await this.meters.voidBecauseOf(
      manager,
      own.map((r) => r.id),
    );
    const voided = [...own.filter((r) => r.void && r.voidedBy !== null), ...overridden.filter(isMachineFieldReading)];
    if (voided.length === 0) {
      return [];
    }
    const causes = new Map(
      (
        await this.meters.readingsByIds(
          manager,
          actor.accountId,
          voided.map((r) => r.voidedBy!),
        )
      ).map((r) => [r.id, r]),
    );
    const meters = new Map<number, MeterEntity | null>();
    const out: VoidedReading[] = [];
    for (const r of voided) {
      if (!meters.has(r.meterId)) {
        meters.set(r.meterId, await this.meters.owned(manager, actor.accountId, r.meterId));
      }
      const meter = meters.get(r.meterId);
      if (meter) {
        const cause: ReadingEntity | undefined = causes.get(r.voidedBy!);
        out.push({ ...toReading(r), kind: meter.kind, unit: meter.unit, conflictsWith: cause ? toReading(cause) : null });
      }
    }
    return out;
  }
}
