import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  SERVICE_IMAGE_ADD,
  SERVICE_IMAGE_COUNT,
  SERVICE_IMAGE_DELETE,
  SERVICE_IMAGE_LIST,
  SERVICE_RECORD_GET,
  ServiceImageMessages,
  ServiceRecordMessages,
  type ServiceImage,
  type ServiceImageKeys,
  type Actor,
} from '@wrenchlog/contracts';
import { Caller, RpcClient, validationFailed, type CallContext } from '@wrenchlog/platform';
import { Call, type GatewayRequest } from '../http/request-context.js';
import { ImageUploads } from '../images/image-uploads.js';
import { IdPipe } from '../http/id.pipe.js';

const recordId = new IdPipe(ServiceRecordMessages.invalidId);
const deleteId = new IdPipe(ServiceImageMessages.invalidDelete);

/**
 * /api/services/{id}/images: photos of a service record. Uploads are read, checked and stored by
 * the shared ImageUploads (type by content, size, pixels; generated keys; cleanup on failure);
 * service-record-service records them and answers keys, which become signed URLs here.
 */
@Controller('services')
export class ServiceImagesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: ImageUploads,
  ) {}

  /** Multipart `images[i][original]` and optional `images[i][thumbnail]`; answers the added images. */
  @Post(':id/images')
  async add(@Param('id', recordId) id: number, @Req() req: GatewayRequest, @Caller() caller: Actor, @Call() call: CallContext): Promise<ServiceImage[]> {
    // Only a saved record of the caller's takes images: 404 before a byte is read or stored.
    await this.rpc.send(SERVICE_RECORD_GET, { id }, call);
    const pairs = await this.uploads.read(req, 'indexed');
    // store() hands the references over in the pairs' order.
    const added = await this.uploads.store(caller, call, pairs, (images) =>
      this.rpc.send(SERVICE_IMAGE_ADD, { recordId: id, images: images.map((image, i) => ({ ...image, fileName: pairs[i].fileName })) }, call),
    );
    return added.map((image) => this.view(image));
  }

  @Get(':id/images')
  async list(@Param('id', recordId) id: number, @Call() call: CallContext): Promise<ServiceImage[]> {
    const images = await this.rpc.send(SERVICE_IMAGE_LIST, { recordId: id }, call);
    return images.map((image) => this.view(image));
  }

  /** A bare JSON number. */
  @Get(':id/images/count')
  @Header('content-type', 'application/json; charset=utf-8')
  async count(@Param('id', recordId) id: number, @Call() call: CallContext): Promise<string> {
    return JSON.stringify(await this.rpc.send(SERVICE_IMAGE_COUNT, { recordId: id }, call));
  }

  /** JSON body: the list of image ids to delete. */
  @Delete(':id/images')
  @HttpCode(204)
  async delete(@Param('id', deleteId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<void> {
    if (!Array.isArray(body) || body.length === 0 || body.length > 100 || body.some((i) => !Number.isSafeInteger(i) || (i as number) <= 0)) {
      throw validationFailed(ServiceImageMessages.invalidDelete, [{ field: 'imageIds', message: ServiceImageMessages.invalidDelete }]);
    }
    await this.rpc.send(SERVICE_IMAGE_DELETE, { recordId: id, imageIds: body as number[] }, call);
  }

  private view(image: ServiceImageKeys): ServiceImage {
    return { ...this.uploads.urls(image), fileName: image.fileName };
  }
}
