import { Controller, Delete, Get, HttpCode, Inject, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  DOCUMENT_ADD,
  DOCUMENT_DELETE,
  DOCUMENT_GET,
  DOCUMENT_LIST,
  DocumentMessages,
  FUEL_RECORD_GET,
  INVALID_MACHINE_ID,
  MACHINE_GET,
  PURCHASE_GET,
  SERVICE_RECORD_GET,
  ServiceRecordMessages,
  type DocumentParent,
  type DocumentParentKind,
  type DocumentView,
  type Actor,
} from '@wrenchlog/contracts';
import { Caller, RpcClient, type CallContext } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { IdPipe } from '../http/id.pipe.js';
import { openSignedObject } from '../http/signed-object.js';
import { Call, type GatewayRequest } from '../http/request-context.js';
import { DocumentLinks } from './document-links.js';
import { DocumentUploads } from './document-uploads.js';
import { USER_FILE_CSP } from '../http/security-headers.js';
import { inlineDisposition } from './pdf-check.js';

const serviceRecordId = new IdPipe(ServiceRecordMessages.invalidId);
const machineId = new IdPipe(INVALID_MACHINE_ID);
const recordId = new IdPipe();
const documentId = new IdPipe(DocumentMessages.invalidId);

/**
 * Documents (PDF) on machines, service records, fuel records and part purchases (issue 18).
 * Each route first asks the parent's own service for it with the caller's identity: another user's
 * (or a deleted) record answers that service's 404 before a byte is read. The image-worker records
 * the documents (the ledger of stored files, which also answers the account size); the bytes are
 * served from signed, expiring links, as photos are.
 */
@Controller()
export class DocumentsController {
  private readonly logger = new Logger('DocumentsController');

  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: DocumentUploads,
    private readonly links: DocumentLinks,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Post('machines/:id/documents')
  addToMachine(@Param('id', machineId) id: number, @Req() req: GatewayRequest, @Caller() caller: Actor, @Call() call: CallContext): Promise<DocumentView> {
    return this.add('machine', id, req, caller, call);
  }

  @Get('machines/:id/documents')
  ofMachine(@Param('id', machineId) id: number, @Call() call: CallContext): Promise<DocumentView[]> {
    return this.list('machine', id, call);
  }

  @Post('services/:id/documents')
  addToServiceRecord(
    @Param('id', serviceRecordId) id: number,
    @Req() req: GatewayRequest,
    @Caller() caller: Actor,
    @Call() call: CallContext,
  ): Promise<DocumentView> {
    return this.add('service-record', id, req, caller, call);
  }

  @Get('services/:id/documents')
  ofServiceRecord(@Param('id', serviceRecordId) id: number, @Call() call: CallContext): Promise<DocumentView[]> {
    return this.list('service-record', id, call);
  }

  @Post('fuel-records/:id/documents')
  addToFuelRecord(@Param('id', recordId) id: number, @Req() req: GatewayRequest, @Caller() caller: Actor, @Call() call: CallContext): Promise<DocumentView> {
    return this.add('fuel-record', id, req, caller, call);
  }

  @Get('fuel-records/:id/documents')
  ofFuelRecord(@Param('id', recordId) id: number, @Call() call: CallContext): Promise<DocumentView[]> {
    return this.list('fuel-record', id, call);
  }

  @Post('purchases/:id/documents')
  addToPurchase(@Param('id', recordId) id: number, @Req() req: GatewayRequest, @Caller() caller: Actor, @Call() call: CallContext): Promise<DocumentView> {
    return this.add('purchase', id, req, caller, call);
  }

  @Get('purchases/:id/documents')
  ofPurchase(@Param('id', recordId) id: number, @Call() call: CallContext): Promise<DocumentView[]> {
    return this.list('purchase', id, call);
  }

  @Get('documents/:id')
  async get(@Param('id', documentId) id: number, @Call() call: CallContext): Promise<DocumentView> {
    return this.links.view(await this.rpc.send(DOCUMENT_GET, { id }, call));
  }

  @Delete('documents/:id')
  @HttpCode(204)
  async delete(@Param('id', documentId) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(DOCUMENT_DELETE, { id }, call);
  }

  /** The bytes behind a signed link: no token needed, the signature and expiry are the credential. */
  @Public()
  @Get('documents/files/:dir/:file')
  async file(
    @Param('dir') dir: string,
    @Param('file') file: string,
    @Query('name') name: unknown,
    @Query('exp') exp: unknown,
    @Query('sig') sig: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const key = `${dir}/${file}`;
    const object = await openSignedObject(this.links, this.storage, key, key, { name, exp, sig }, DocumentMessages, this.logger);
    const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    // Always application/pdf, never sniffed, and sandboxed: a stored PDF may carry JavaScript or
    // HTML after its %%EOF, and must not act in the product's origin whatever a viewer makes of it.
    // Chromium's built-in viewer still opens it inline (checked with Chromium 156).
    void reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(object.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', USER_FILE_CSP)
      .header('content-disposition', inlineDisposition(name as string))
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', `private, max-age=${maxAge}`)
      .send(object.stream);
  }

  private async add(kind: DocumentParentKind, id: number, req: GatewayRequest, caller: Actor, call: CallContext): Promise<DocumentView> {
    const parent: DocumentParent = { kind, id };
    // 404 for another user's or a missing record before a byte is read or stored.
    const machine = await this.parentMachine(parent, call);
    const document = await this.uploads.read(req);
    const added = await this.uploads.store(caller, call, document, (objectKey) =>
      this.rpc.send(
        DOCUMENT_ADD,
        { parent, machineId: machine, objectKey, fileName: document.fileName, contentType: 'application/pdf', size: document.bytes.length },
        call,
      ),
    );
    return this.links.view(added);
  }

  private async list(kind: DocumentParentKind, id: number, call: CallContext): Promise<DocumentView[]> {
    const parent: DocumentParent = { kind, id };
    await this.parentMachine(parent, call);
    const documents = await this.rpc.send(DOCUMENT_LIST, { parent }, call);
    return documents.map((d) => this.links.view(d));
  }

  /** Asks the parent's owning service for it as the caller (its 404 for anyone else's); answers its machine. */
  private async parentMachine(parent: DocumentParent, call: CallContext): Promise<number | null> {
    switch (parent.kind) {
      case 'machine':
        return (await this.rpc.send(MACHINE_GET, { id: parent.id }, call)).id;
      case 'service-record':
        return (await this.rpc.send(SERVICE_RECORD_GET, { id: parent.id }, call)).machineId;
      case 'fuel-record':
        return (await this.rpc.send(FUEL_RECORD_GET, { id: parent.id }, call)).machineId;
      case 'purchase':
        return (await this.rpc.send(PURCHASE_GET, { id: parent.id }, call)).machineId || null;
    }
  }
}
