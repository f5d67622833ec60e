import { Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  REPORT_COSTS,
  REPORT_FLEET,
  REPORT_FUEL_ECONOMY,
  REPORT_MACHINE_HISTORY,
  REPORT_REBUILD,
  REPORT_REBUILD_STATUS,
  ReportQuery,
  type CostsReport,
  type FleetReport,
  type FuelEconomyPoint,
  type RebuildReply,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../auth/auth.decorators.js';
import { ID } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';
import { toCsv, type CsvCell } from './csv.js';

/** A file name's safe part: letters, digits, dash and underscore. */
const fileSafe = (s: string) =>
  s
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'machine';

const attachment = (reply: FastifyReply, name: string) => {
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${name}"`);
};

/** Reports (issue 22, report-service): costs, the fleet table, fuel economy, and their CSV downloads. */
@Controller()
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('reports/costs')
  costs(@Query() q: ReportQuery, @Call() call: CallContext): Promise<CostsReport> {
    return this.rpc.send(REPORT_COSTS, { from: q.from, to: q.to, machineId: q.machineId, type: q.type }, call);
  }

  @Get('reports/fleet')
  fleet(@Query() q: ReportQuery, @Call() call: CallContext): Promise<FleetReport> {
    return this.rpc.send(REPORT_FLEET, { from: q.from, to: q.to, type: q.type }, call);
  }

  @Get('reports/fuel-economy')
  fuelEconomy(@Query() q: ReportQuery, @Call() call: CallContext): Promise<FuelEconomyPoint[]> {
    return this.rpc.send(REPORT_FUEL_ECONOMY, { from: q.from, to: q.to, machineId: q.machineId, type: q.type }, call);
  }

  /** The fleet table as CSV, with its totals as the last row. */
  @Get('reports/fleet.csv')
  @Header('cache-control', 'no-store')
  async fleetCsv(@Query() q: ReportQuery, @Call() call: CallContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const report = await this.rpc.send(REPORT_FLEET, { from: q.from, to: q.to, type: q.type }, call);
    const rows: CsvCell[][] = [
      // Each row's distance and cost per distance are in its own unit; the totals row's in miles (issue 36).
      [
        'Machine',
        'Fuel',
        'Service',
        'Parts',
        'Total',
        'Distance',
        'Distance unit',
        'Hours',
        'Cost per distance unit',
        'Cost per hour',
        'Fuel economy',
        'Economy unit',
      ],
    ];
    for (const r of report.rows) {
      rows.push([
        r.machineName,
        r.fuel,
        r.service,
        r.parts,
        r.total,
        r.distance,
        r.distanceUnit,
        r.hours,
        r.costPerDistance ?? 'n/a',
        r.costPerHour ?? 'n/a',
        r.fuelEconomy,
        r.economyUnit,
      ]);
    }
    const t = report.totals;
    rows.push([
      'Total',
      t.fuel,
      t.service,
      t.parts,
      t.total,
      t.distance,
      t.distanceUnit,
      t.hours,
      t.costPerDistance ?? 'n/a',
      t.costPerHour ?? 'n/a',
      null,
      null,
    ]);
    attachment(reply, `fleet-${q.from ?? 'year'}-${q.to ?? 'today'}.csv`.replace(/[^A-Za-z0-9_.-]/g, ''));
    return toCsv(rows);
  }

  /** One machine's history as CSV: a row per service record, fuel record and part purchase in the period. */
  @Get('machines/:id/history.csv')
  @Header('cache-control', 'no-store')
  async historyCsv(
    @Param('id', ID) id: number,
    @Query() q: ReportQuery,
    @Call() call: CallContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const history = await this.rpc.send(REPORT_MACHINE_HISTORY, { from: q.from, to: q.to, machineId: id }, call);
    const kinds = { service: 'Service record', fuel: 'Fuel record', part: 'Part purchase' } as const;
    const rows: CsvCell[][] = [['Date', 'Type', 'Title', 'Miles', 'Hours', 'Cost', 'Notes']];
    for (const l of history.lines) {
      rows.push([l.date, kinds[l.kind], l.title, l.miles, l.hours, l.cost, l.notes]);
    }
    attachment(reply, `${fileSafe(history.machineName)}-history-${history.from}-${history.to}.csv`);
    return toCsv(rows);
  }

  /** Administrators: rebuild the reports' read model from the owners' records, in the background (202). */
  @AdminOnly()
  @Post('admin/reports/rebuild')
  @HttpCode(202)
  rebuild(@Call() call: CallContext): Promise<RebuildReply> {
    return this.rpc.send(REPORT_REBUILD, {}, call);
  }

  @AdminOnly()
  @Get('admin/reports/rebuild')
  rebuildStatus(@Call() call: CallContext): Promise<RebuildReply> {
    return this.rpc.send(REPORT_REBUILD_STATUS, {}, call);
  }
}
