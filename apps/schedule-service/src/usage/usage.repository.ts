import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MeterEntity } from '../meters/meter.entity.js';
import { ReadingEntity } from '../meters/reading.entity.js';
import type { MeterSpan } from './usage.rules.js';

/** Machines per statement (bind parameters stay far below either database's limit). */
const CHUNK = 1000;

/** SQL of usage in a period: one grouped read per chunk of machines. */
@Injectable()
export class UsageRepository {
  constructor(private readonly dataSource: DataSource) {}

  async spans(userId: number, machineIds: readonly number[], from: string, to: string): Promise<MeterSpan[]> {
    const out: MeterSpan[] = [];
    for (let i = 0; i < machineIds.length; i += CHUNK) {
      const ids = machineIds.slice(i, i + CHUNK);
      const rows = await this.dataSource
        .createQueryBuilder()
        .select('m.machine_id', 'machineId')
        .addSelect('m.id', 'meterId')
        .addSelect('m.kind', 'kind')
        .addSelect('m.unit', 'unit')
        .addSelect('MIN(r.lifetime)', 'min')
        .addSelect('MAX(r.lifetime)', 'max')
        .from(MeterEntity, 'm')
        .leftJoin(ReadingEntity, 'r', 'r.meter_id = m.id AND NOT r.is_void AND r.read_at >= :from AND r.read_at <= :to', { from, to })
        .where('m.user_id = :userId AND m.machine_id IN (:...ids)', { userId, ids })
        .groupBy('m.machine_id')
        .addGroupBy('m.id')
        .addGroupBy('m.kind')
        .addGroupBy('m.unit')
        .getRawMany<{ machineId: number | string; meterId: number | string; kind: 'distance' | 'hours'; unit: string; min: number | string | null; max: number | string | null }>();
      for (const r of rows) {
        out.push({ machineId: Number(r.machineId), meterId: Number(r.meterId), kind: r.kind, unit: r.unit, min: r.min === null ? null : Number(r.min), max: r.max === null ? null : Number(r.max) });
      }
    }
    return out;
  }
}
