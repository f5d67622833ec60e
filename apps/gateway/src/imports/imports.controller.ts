import { Body, Controller, Get, HttpCode, Inject, Logger, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  CreateImportFields,
  ErrorCode,
  IMPORT_COMMIT,
  IMPORT_CREATE,
  IMPORT_REVERT,
  ImportCommitBody,
  IMPORT_GET,
  IMPORT_LIST,
  IMPORT_LIMITS,
  IMPORT_MAPPING,
  IMPORT_ROW_KEEP,
  IMPORT_ROWS,
  IMPORT_VALIDATE,
  ImportListQuery,
  ImportMappingBody,
  ImportRowKeepBody,
  ImportRowsQuery,
  type ImportCounts,
  type ImportRowView,
  type ImportRowPage,
  type ImportUploaded,
  type ImportView,
  type Page,
  type Actor,
} from '@wrenchlog/contracts';
import { Caller, RpcCallError, RpcClient, type CallContext } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import type { FastifyRequest } from 'fastify';
import { IdPipe } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';
import { storeImportUpload } from './import-upload.js';

const importId = new IdPipe('Invalid import ID');
const rowNumberPipe = new IdPipe('Invalid row number');

/** Imports (import-service): the gateway only receives the file and stores it; the service reads it. */
@Controller('imports')
export class ImportsController {
  private readonly logger = new Logger(ImportsController.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Multipart `file` (at most 20 MB; a restore's ZIP 256 MB), `source`, optional `machineId`, `utcOffsetMinutes`: 201 with detection, columns, mapping and preview. */
  @Post()
  async upload(@Req() req: FastifyRequest, @Caller() caller: Actor, @Call() call: CallContext): Promise<ImportUploaded> {
    const upload = await storeImportUpload(req, this.storage, caller.accountId);
    const { objectKey } = upload;
    let fields: CreateImportFields;
    try {
      fields = await validBody(upload.fields, CreateImportFields);
    } catch (err) {
      await this.storage.deleteMany([objectKey]).catch(() => undefined);
      throw err;
    }
    try {
      return await this.rpc.send(
        IMPORT_CREATE,
        { objectKey, fileName: upload.fileName, byteSize: upload.byteSize, fields },
        { ...call, timeoutMs: IMPORT_LIMITS.dryRunTimeoutMs },
      );
    } catch (err) {
      // A refused file keeps nothing; after a timeout the service may have kept it (it then owns the object).
      if (!(err instanceof RpcCallError && err.code === ErrorCode.Unavailable)) {
        await this.storage.deleteMany([objectKey]).catch((e: Error) => this.logger.warn(`could not remove a refused import file: ${e.message}`));
      }
      throw err;
    }
  }

  /** The caller's imports, newest first: ?page=&size= (20 a page by default). */
  @Get()
  list(@Query() query: ImportListQuery, @Call() call: CallContext): Promise<Page<ImportView>> {
    return this.rpc.send(IMPORT_LIST, { page: query.page, size: query.size }, call);
  }

  @Put(':id/mapping')
  async mapping(@Param('id', importId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<ImportUploaded> {
    return this.rpc.send(IMPORT_MAPPING, { id, body: await validBody(body, ImportMappingBody) }, { ...call, timeoutMs: IMPORT_LIMITS.dryRunTimeoutMs });
  }

  /** The dry run: counts of valid, warned and refused rows; writes nothing outside the import, so 200 (not 201: nothing is created). */
  @Post(':id/validate')
  @HttpCode(200)
  validate(@Param('id', importId) id: number, @Call() call: CallContext): Promise<ImportCounts> {
    return this.rpc.send(IMPORT_VALIDATE, { id }, { ...call, timeoutMs: IMPORT_LIMITS.dryRunTimeoutMs });
  }

  @Get(':id/rows')
  rows(@Param('id', importId) id: number, @Query() query: ImportRowsQuery, @Call() call: CallContext): Promise<ImportRowPage> {
    return this.rpc.send(IMPORT_ROWS, { id, query }, call);
  }

  /** `{keep}`: import a row flagged as a duplicate anyway, or skip it again (before the commit). */
  @Put(':id/rows/:rowNumber')
  async keepRow(
    @Param('id', importId) id: number,
    @Param('rowNumber', rowNumberPipe) rowNumber: number,
    @Body() body: unknown,
    @Call() call: CallContext,
  ): Promise<ImportRowView> {
    return this.rpc.send(IMPORT_ROW_KEEP, { id, rowNumber, body: await validBody(body, ImportRowKeepBody) }, call);
  }

  @Get(':id')
  get(@Param('id', importId) id: number, @Call() call: CallContext): Promise<ImportView> {
    return this.rpc.send(IMPORT_GET, { id }, call);
  }

  /** Starts the import job (202; GET /api/imports/{id} shows its progress): 409 before a dry run or once committed, 422 for all_or_nothing with error rows. */
  @Post(':id/commit')
  @HttpCode(202)
  async commit(@Param('id', importId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<ImportView> {
    return this.rpc.send(IMPORT_COMMIT, { id, body: await validBody(body, ImportCommitBody) }, call);
  }

  /** Deletes exactly the records the import wrote (202; the state turns `reverted`); 409 when not finished or reverted already. */
  @Post(':id/revert')
  @HttpCode(202)
  revert(@Param('id', importId) id: number, @Call() call: CallContext): Promise<ImportView> {
    return this.rpc.send(IMPORT_REVERT, { id }, call);
  }
}
