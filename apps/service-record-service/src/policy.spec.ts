import 'reflect-metadata';
import { PATTERN_HANDLER_METADATA } from '@nestjs/microservices/constants.js';
import { PatternHandler } from '@nestjs/microservices/enums/pattern-handler.enum.js';
import { handlerCallers, handlerRights } from '@wrenchlog/platform';
import { ImagesController } from './images/images.controller.js';
import { MachinesController } from './machines/machines.controller.js';
import { CostExportController } from './records/cost-export.controller.js';
import { RecordsController } from './records/records.controller.js';

// The service's policy (issue 32): the right each handler asks of the caller's role, refused with
// 403 before the handler runs. A new handler without a row here fails.
const controllers = [RecordsController, ImagesController, MachinesController, CostExportController];

describe('the rights of service-record-service', () => {
  it('asks each handler its right: reads record.read, writes record.write, the import job import.run, the data export export.run', () => {
    expect(handlerRights(RecordsController)).toEqual({
      create: 'record.write',
      get: 'record.read',
      update: 'record.write',
      delete: 'record.write',
      byMachine: 'record.read',
      recent: 'record.read',
      importApply: 'import.run',
      importCheck: 'import.run',
      importRevert: 'import.run',
    });
    expect(handlerRights(ImagesController)).toEqual({
      add: 'record.write',
      list: 'record.read',
      count: 'record.read',
      delete: 'record.write',
      revertImport: 'import.run',
    });
    expect(handlerRights(MachinesController)).toEqual({ historyCount: 'record.read' });
    expect(handlerRights(CostExportController)).toEqual({ dataPage: 'export.run' });
  });

  it("keeps report-service's rebuild (every account's records) to administrators", () => {
    expect(handlerCallers(CostExportController)).toEqual({ page: 'admin', dataPage: 'user' });
  });

  it('leaves no request handler without a declared caller (events have none)', () => {
    const requests = controllers.flatMap((controller) =>
      Object.getOwnPropertyNames(controller.prototype)
        .filter(
          (method) =>
            Reflect.getMetadata(PATTERN_HANDLER_METADATA, (controller.prototype as unknown as Record<string, object>)[method]) === PatternHandler.MESSAGE,
        )
        .map((method) => [controller.name, method, handlerCallers(controller)[method] ?? 'nobody']),
    );

    expect(requests).toHaveLength(17);
    expect(requests.filter(([, , caller]) => caller === 'nobody')).toEqual([]);
  });
});
