import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  CreateMachineRequest,
  DOCUMENT_COUNT_FOR_MACHINE,
  FUEL_MACHINE_HISTORY_COUNT,
  INVALID_MACHINE_ID,
  MACHINE_CREATE,
  MACHINE_DELETE,
  MACHINE_GALLERY_ADD,
  MACHINE_GALLERY_DELETE,
  MACHINE_GALLERY_LIST,
  MACHINE_GET,
  MACHINE_LIST,
  MACHINE_PROFILE_PHOTO_DELETE,
  MACHINE_PROFILE_PHOTO_GET,
  MACHINE_PROFILE_PHOTO_SET,
  MACHINE_RECENT,
  MACHINE_UPDATE,
  SERVICE_MACHINE_HISTORY_COUNT,
  UpdateMachineRequest,
  type ImageUrlsView,
  type Machine,
  type MachineHistoryCounts,
  type MachineListItem,
  type Actor,
} from '@wrenchlog/contracts';
import { badRequest, Caller, RpcClient, type CallContext } from '@wrenchlog/platform';
import { Call, type GatewayRequest } from '../http/request-context.js';
import { IdPipe } from '../http/id.pipe.js';
import { ImageUploads } from '../images/image-uploads.js';

const machineId = new IdPipe(INVALID_MACHINE_ID);

/** /api/machines/** (machine-service); photos are checked and stored here, recorded there. */
@Controller('machines')
export class MachinesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: ImageUploads,
  ) {}

  /** The spec's list (active machines); `?archived=true` lists the archived ones instead (issue 18). */
  @Get('all')
  all(@Query('archived') archived: unknown, @Call() call: CallContext): Promise<MachineListItem[]> {
    if (archived !== undefined && archived !== 'true' && archived !== 'false') {
      throw badRequest('archived must be true or false');
    }
    return this.rpc.send(MACHINE_LIST, archived === 'true' ? { archived: true } : {}, call);
  }

  @Get('recentlyserviced')
  recentlyServiced(@Call() call: CallContext): Promise<MachineListItem[]> {
    return this.rpc.send(MACHINE_RECENT, {}, call);
  }

  /** GET /api/machines/?machineId={id} */
  @Get()
  one(@Query('machineId', new IdPipe(INVALID_MACHINE_ID, 'machineId')) id: number, @Call() call: CallContext): Promise<Machine> {
    return this.rpc.send(MACHINE_GET, { id }, call);
  }

  @Post('create')
  create(@Body() body: CreateMachineRequest, @Call() call: CallContext): Promise<Machine> {
    return this.rpc.send(MACHINE_CREATE, body, call);
  }

  @Put('update')
  update(@Body() body: UpdateMachineRequest, @Call() call: CallContext): Promise<Machine> {
    return this.rpc.send(MACHINE_UPDATE, body, call);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', machineId) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(MACHINE_DELETE, { id }, call);
  }

  /**
   * What a delete would take with it, counted by the services that own it, for the delete dialog.
   * The machine is read first: another user's id answers 404 like any machine call.
   */
  @Get(':id/history-counts')
  async historyCounts(@Param('id', machineId) target: number, @Call() call: CallContext): Promise<MachineHistoryCounts> {
    const machine = await this.rpc.send(MACHINE_GET, { id: target }, call);
    const [service, fuel, gallery, documents] = await Promise.all([
      this.rpc.send(SERVICE_MACHINE_HISTORY_COUNT, { machineId: target }, call),
      this.rpc.send(FUEL_MACHINE_HISTORY_COUNT, { machineId: target }, call),
      this.rpc.send(MACHINE_GALLERY_LIST, { machineId: target }, call),
      this.rpc.send(DOCUMENT_COUNT_FOR_MACHINE, { machineId: target }, call),
    ]);
    return {
      serviceRecords: service.serviceRecords,
      fuelRecords: fuel.fuelRecords,
      purchases: fuel.purchases,
      photos: service.photos + gallery.length + (machine.profilePhoto !== null ? 1 : 0),
      documents,
    };
  }

  @Get(':id/profile-photo')
  async profilePhoto(@Param('id', machineId) id: number, @Call() call: CallContext): Promise<ImageUrlsView> {
    return this.uploads.urls(await this.rpc.send(MACHINE_PROFILE_PHOTO_GET, { machineId: id }, call));
  }

  /** Multipart `original` and optional `thumbnail`; replaces the profile photo. */
  @Post(':id/profile-photo')
  async setProfilePhoto(
    @Param('id', machineId) target: number,
    @Req() req: GatewayRequest,
    @Caller() caller: Actor,
    @Call() call: CallContext,
  ): Promise<ImageUrlsView> {
    const pairs = await this.uploads.read(req, 'single');
    if (pairs.length !== 1) {
      throw badRequest('Upload one profile photo');
    }
    const photo = await this.uploads.store(caller, call, pairs, ([image]) => this.rpc.send(MACHINE_PROFILE_PHOTO_SET, { machineId: target, image }, call));
    return this.uploads.urls(photo);
  }

  @Delete(':id/profile-photo')
  @HttpCode(204)
  async deleteProfilePhoto(@Param('id', machineId) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(MACHINE_PROFILE_PHOTO_DELETE, { machineId: id }, call);
  }

  @Get(':id/gallery')
  async gallery(@Param('id', machineId) id: number, @Call() call: CallContext): Promise<ImageUrlsView[]> {
    const photos = await this.rpc.send(MACHINE_GALLERY_LIST, { machineId: id }, call);
    return photos.map((p) => this.uploads.urls(p));
  }

  /** Multipart repeated `originals` and optional `thumbnails`; answers the added photos. At most 5 in a gallery. */
  @Post(':id/gallery')
  async addToGallery(
    @Param('id', machineId) target: number,
    @Req() req: GatewayRequest,
    @Caller() caller: Actor,
    @Call() call: CallContext,
  ): Promise<ImageUrlsView[]> {
    const pairs = await this.uploads.read(req, 'repeated');
    const photos = await this.uploads.store(caller, call, pairs, (images) => this.rpc.send(MACHINE_GALLERY_ADD, { machineId: target, images }, call));
    return photos.map((p) => this.uploads.urls(p));
  }

  /** JSON body: the list of photo ids to delete. */
  @Delete(':id/gallery')
  @HttpCode(204)
  async deleteFromGallery(@Param('id', machineId) target: number, @Body() body: unknown, @Call() call: CallContext): Promise<void> {
    const ids = Array.isArray(body) ? body : (body as { ids?: unknown } | undefined)?.ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 50 || ids.some((p) => !Number.isInteger(p) || (p as number) <= 0)) {
      throw badRequest('Invalid machine ID or no photos selected');
    }
    await this.rpc.send(MACHINE_GALLERY_DELETE, { machineId: target, photoIds: ids as number[] }, call);
  }
}
