import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  SERVICE_IMAGE_ADD,
  SERVICE_IMAGE_COUNT,
  SERVICE_IMAGE_DELETE,
  SERVICE_IMAGE_LIST,
  SERVICE_IMAGE_PROCESSED,
  SERVICE_IMPORT_REVERT_IMAGES,
  type Actor,
  type AddServiceImagesRequest,
  type DeleteServiceImagesRequest,
  type ImageProcessedEvent,
  type ImportRevertPhotosRequest,
  type RpcMessage,
  type ServiceImageRecordRequest,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { ImagesService } from './images.service.js';

/** A record's photos: read with record.read, added and deleted with record.write; a restore's taken back with import.run. */
@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @MessagePattern(SERVICE_IMAGE_ADD)
  add(@Caller('record.write') caller: Actor, @Payload() m: RpcMessage<AddServiceImagesRequest>) {
    return this.images.add(caller, m.payload, m.meta);
  }

  @MessagePattern(SERVICE_IMAGE_LIST)
  list(@Caller('record.read') caller: Actor, @Payload() m: RpcMessage<ServiceImageRecordRequest>) {
    return this.images.list(caller, m.payload?.recordId);
  }

  @MessagePattern(SERVICE_IMAGE_COUNT)
  count(@Caller('record.read') caller: Actor, @Payload() m: RpcMessage<ServiceImageRecordRequest>) {
    return this.images.count(caller, m.payload?.recordId);
  }

  @MessagePattern(SERVICE_IMPORT_REVERT_IMAGES)
  revertImport(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportRevertPhotosRequest>) {
    return this.images.revertImport(caller, m.payload, m.meta);
  }

  @MessagePattern(SERVICE_IMAGE_DELETE)
  delete(@Caller('record.write') caller: Actor, @Payload() m: RpcMessage<DeleteServiceImagesRequest>) {
    return this.images.delete(caller, m.payload, m.meta);
  }

  @EventPattern(SERVICE_IMAGE_PROCESSED)
  processed(@Payload() m: RpcMessage<ImageProcessedEvent>) {
    return this.images.onProcessed(m.payload);
  }
}
