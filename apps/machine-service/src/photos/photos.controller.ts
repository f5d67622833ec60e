import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  MACHINE_GALLERY_ADD,
  MACHINE_GALLERY_DELETE,
  MACHINE_GALLERY_LIST,
  MACHINE_IMPORT_REVERT_PHOTOS,
  MACHINE_PHOTO_PROCESSED,
  MACHINE_PROFILE_PHOTO_DELETE,
  MACHINE_PROFILE_PHOTO_GET,
  MACHINE_PROFILE_PHOTO_SET,
  type Actor,
  type ImageProcessedEvent,
  type ImportRevertPhotosRequest,
  type MachineGalleryAddRequest,
  type MachineGalleryDeleteRequest,
  type MachinePhotoRequest,
  type MachinePhotoSetRequest,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { callContext } from '../common/call-context.js';
import { PhotosService } from './photos.service.js';

// Rights (issue 32): seeing photos 'machine.read', changing them 'machine.write', a restore's revert 'import.run'.
@Controller()
export class PhotosController {
  constructor(private readonly photos: PhotosService) {}

  @MessagePattern(MACHINE_PROFILE_PHOTO_GET)
  profilePhoto(@Caller('machine.read') caller: Actor, @Payload() m: RpcMessage<MachinePhotoRequest>) {
    return this.photos.profilePhoto(caller, m.payload?.machineId);
  }

  @MessagePattern(MACHINE_PROFILE_PHOTO_SET)
  setProfilePhoto(@Caller('machine.write') caller: Actor, @Payload() m: RpcMessage<MachinePhotoSetRequest>) {
    return this.photos.setProfilePhoto(caller, m.payload?.machineId, m.payload?.image, callContext(caller, m));
  }

  @MessagePattern(MACHINE_PROFILE_PHOTO_DELETE)
  deleteProfilePhoto(@Caller('machine.write') caller: Actor, @Payload() m: RpcMessage<MachinePhotoRequest>) {
    return this.photos.deleteProfilePhoto(caller, m.payload?.machineId, callContext(caller, m));
  }

  @MessagePattern(MACHINE_GALLERY_LIST)
  gallery(@Caller('machine.read') caller: Actor, @Payload() m: RpcMessage<MachinePhotoRequest>) {
    return this.photos.gallery(caller, m.payload?.machineId);
  }

  @MessagePattern(MACHINE_GALLERY_ADD)
  addToGallery(@Caller('machine.write') caller: Actor, @Payload() m: RpcMessage<MachineGalleryAddRequest>) {
    return this.photos.addToGallery(caller, m.payload?.machineId, m.payload?.images, callContext(caller, m));
  }

  @MessagePattern(MACHINE_GALLERY_DELETE)
  deleteFromGallery(@Caller('machine.write') caller: Actor, @Payload() m: RpcMessage<MachineGalleryDeleteRequest>) {
    return this.photos.deleteFromGallery(caller, m.payload?.machineId, m.payload?.photoIds, callContext(caller, m));
  }

  @MessagePattern(MACHINE_IMPORT_REVERT_PHOTOS)
  revertImport(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportRevertPhotosRequest>) {
    return this.photos.revertImport(caller, m.payload, callContext(caller, m));
  }

  @EventPattern(MACHINE_PHOTO_PROCESSED)
  onPhotoProcessed(@Payload() m: RpcMessage<ImageProcessedEvent>) {
    return this.photos.onProcessed(m.payload);
  }
}
