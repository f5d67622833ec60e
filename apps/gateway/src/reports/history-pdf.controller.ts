import { Controller, Get, Inject, Logger, Param, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ErrorCode,
  FUEL_RECORD_LIST_BY_MACHINE,
  MACHINE_GET,
  PURCHASE_RECENT_FOR_MACHINE,
  MACHINE_PROFILE_PHOTO_GET,
  REPORT_COSTS,
  ReportMessages,
  SERVICE_IMAGE_LIST,
  SERVICE_RECORD_BY_MACHINE,
  type FuelRecord,
  type Page,
  type Purchase,
  type ServiceRecord,
} from '@wrenchlog/contracts';
import { badRequest, RpcCallError, RpcClient, type CallContext } from '@wrenchlog/platform';
import { OBJECT_STORAGE, readAll, type ObjectStorage } from '@wrenchlog/storage';
import type { FastifyReply } from 'fastify';
import { ID } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';
import { createHistoryDocument, writeHistoryPdf } from './history-pdf.js';

/** Service records are read this many a call (the largest page the history call takes). */
const RECORD_PAGE = 100;

const fileSafe = (s: string) =>
  s
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'machine';

const inPeriod = (iso: string, period: { from: string; to: string }) => iso.slice(0, 10) >= period.from && iso.slice(0, 10) <= period.to;

/** A newest-first paged history read from its last page, so its items come oldest first (one page held at a time). */
async function* oldestFirst<T>(read: (page: number) => Promise<Page<T>>, keep: (item: T) => boolean): AsyncIterable<T> {
  const first = await read(0);
  for (let page = first.totalPages - 1; page >= 0; page--) {
    const current = page === 0 ? first : await read(page);
    for (const item of [...current.content].reverse()) {
      if (keep(item)) {
        yield item;
      }
    }
  }
}

/**
 * GET /api/machines/{id}/history.pdf?from=&to=&photos=thumbnails|full (issue 22): the PDF is made
 * here, where the photos are (object storage), and streamed while it is written: the machine and
 * the summary are asked first (so a bad period or another user's machine is a plain 4xx), then the
 * service records a page at a time and their photos one by one.
 */
@Controller()
export class HistoryPdfController {
  private readonly logger = new Logger(HistoryPdfController.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Get('machines/:id/history.pdf')
  async pdf(
    @Param('id', ID) id: number,
    @Query('from') from: string | undefined,
    @Query('to') to: string | undefined,
    @Query('photos') photos: string | undefined,
    @Call() call: CallContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    if (photos !== undefined && photos !== 'thumbnails' && photos !== 'full') {
      throw badRequest(ReportMessages.photos, [{ field: 'photos', message: ReportMessages.photos }]);
    }
    // report-service checks the period and the machine (400, 404) before anything is written.
    const costs = await this.rpc.send(REPORT_COSTS, { from, to, machineId: id }, call);
    const machine = await this.rpc.send(MACHINE_GET, { id }, call);
    // The period report-service resolved (without dates: this year so far).
    const period = { from: from ?? `${costs.months[0]!.month}-01`, to: to ?? new Date().toISOString().slice(0, 10) };
    const doc = createHistoryDocument(machine);
    reply.header('cache-control', 'no-store');
    writeHistoryPdf(doc, {
      machine,
      period,
      costs,
      fullPhotos: photos === 'full',
      profilePhoto: () => this.profilePhoto(id, call),
      records: () => this.records(id, period, call),
      fuelRecords: () =>
        oldestFirst<FuelRecord>(
          (page) => this.rpc.send(FUEL_RECORD_LIST_BY_MACHINE, { machineId: id, page, size: RECORD_PAGE }, call) as Promise<Page<FuelRecord>>,
          (f) => inPeriod(f.dateOfPurchase, period),
        ),
      purchases: () =>
        oldestFirst<Purchase>(
          (page) => this.rpc.send(PURCHASE_RECENT_FOR_MACHINE, { machineId: id, page, size: RECORD_PAGE }, call) as Promise<Page<Purchase>>,
          (p) => inPeriod(p.purchaseDate, period),
        ),
      photos: (recordId, size) => this.photos(recordId, size, call),
    })
      .then(() => doc.end())
      .catch((err: Error) => {
        // The status is sent already: the download ends cut short, and the reason is logged.
        this.logger.warn(`the history PDF of machine ${id} failed while streaming: ${err.message}`);
        doc.destroy(err);
      });
    return new StreamableFile(doc, {
      type: 'application/pdf',
      disposition: `attachment; filename="${fileSafe(machine.name)}-history-${period.from}-${period.to}.pdf"`,
    });
  }

  private async profilePhoto(machineId: number, call: CallContext): Promise<Buffer | null> {
    try {
      const keys = await this.rpc.send(MACHINE_PROFILE_PHOTO_GET, { machineId }, call);
      return await readAll((await this.storage.get(keys.thumbnailKey)).stream);
    } catch (err) {
      if (err instanceof RpcCallError && err.code !== ErrorCode.NotFound) {
        throw err;
      }
      return null; // no profile photo (or its object is gone)
    }
  }

  /** The machine's records in the period, oldest first: the history call pages newest first, so its pages are read from the last. */
  private async *records(machineId: number, period: { from: string; to: string }, call: CallContext): AsyncIterable<ServiceRecord> {
    const first = (await this.rpc.send(SERVICE_RECORD_BY_MACHINE, { machineId, page: 0, size: RECORD_PAGE }, call)) as Page<ServiceRecord>;
    for (let page = first.totalPages - 1; page >= 0; page--) {
      const current =
        page === 0 ? first : ((await this.rpc.send(SERVICE_RECORD_BY_MACHINE, { machineId, page, size: RECORD_PAGE }, call)) as Page<ServiceRecord>);
      for (const r of [...current.content].reverse()) {
        if (r.serviceDate >= period.from && r.serviceDate <= period.to) {
          yield r;
        }
      }
    }
  }

  private async *photos(recordId: number, size: 'thumbnail' | 'original', call: CallContext): AsyncIterable<Buffer> {
    for (const image of await this.rpc.send(SERVICE_IMAGE_LIST, { recordId }, call)) {
      try {
        yield await readAll((await this.storage.get(size === 'thumbnail' ? image.thumbnailKey : image.originalKey)).stream);
      } catch {
        // A thumbnail not made yet or an object gone: the photo is left out.
      }
    }
  }
}
