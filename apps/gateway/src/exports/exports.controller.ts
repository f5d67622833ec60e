import { Controller, Get, HttpCode, Inject, Logger, Param, Post, Query, Res } from '@nestjs/common';
import { EXPORT_CREATE, EXPORT_GET, EXPORT_MESSAGES, type ExportView } from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { IdPipe } from '../http/id.pipe.js';
import { openSignedObject } from '../http/signed-object.js';
import { Call } from '../http/request-context.js';
import { ExportLinks } from './export-links.js';

const exportId = new IdPipe('Invalid export ID');

/** "Download all my data" (issue 23): import-service prepares the ZIP in the background; the gateway signs its download link and serves it. */
@Controller('exports')
export class ExportsController {
  private readonly logger = new Logger(ExportsController.name);

  constructor(
    private readonly rpc: RpcClient,
    private readonly links: ExportLinks,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** 202 {id, state: 'pending', ...}: poll GET /api/exports/{id} until it is ready (409 while another of the caller's is being prepared). */
  @Post()
  @HttpCode(202)
  async create(@Call() call: CallContext): Promise<ExportView> {
    return this.links.view(await this.rpc.send(EXPORT_CREATE, {}, call));
  }

  /** {state, url, ...}: url is a signed link valid for an hour once the state is 'ready'. */
  @Get(':id')
  async get(@Param('id', exportId) id: number, @Call() call: CallContext): Promise<ExportView> {
    return this.links.view(await this.rpc.send(EXPORT_GET, { id }, call));
  }

  /** The ZIP behind a signed link: no token needed, the signature and expiry are the credential. */
  @Public()
  @Get('files/:dir/:file')
  async file(
    @Param('dir') dir: string,
    @Param('file') file: string,
    @Query('name') name: unknown,
    @Query('exp') exp: unknown,
    @Query('sig') sig: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const key = `exports/${dir}/${file}`;
    // Deleted after a day: 404.
    const object = await openSignedObject(this.links, this.storage, key, key.slice('exports/'.length), { name, exp, sig }, EXPORT_MESSAGES, this.logger);
    void reply
      .header('content-type', 'application/zip')
      .header('content-length', String(object.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', attachment(name as string))
      .header('cache-control', 'private, no-store')
      .send(object.stream);
  }
}

/** Content-Disposition for saving the file under its name (RFC 6266 / 5987). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
