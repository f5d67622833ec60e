import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  METERS_CHANGED,
  type MetersChangedEvent,
  MACHINE_CREATE,
  MACHINE_IMPORT_APPLY,
  MACHINE_IMPORT_CREATE_MACHINES,
  MACHINE_IMPORT_REVERT,
  type ImportApplyRequest,
  type ImportCreateMachinesRequest,
  type MachineImportRevertRequest,
  MACHINE_DELETE,
  MACHINE_GALLERY_ADD,
  MACHINE_GALLERY_DELETE,
  MACHINE_GALLERY_LIST,
  MACHINE_GET,
  MACHINE_LIST,
  MACHINE_PHOTO_PROCESSED,
  MACHINE_PROFILE_PHOTO_DELETE,
  MACHINE_PROFILE_PHOTO_GET,
  MACHINE_PROFILE_PHOTO_SET,
  MACHINE_RECENT,
  MACHINE_UPDATE,
  SERVICE_RECORD_CHANGED,
  CreateMachineRequest,
  type ImageProcessedEvent,
  type MachineGalleryAddRequest,
  type MachineGalleryDeleteRequest,
  type MachineIdRequest,
  type MachineListRequest,
  type MachinePhotoRequest,
  type MachinePhotoSetRequest,
  type RpcMessage,
  type ServiceRecordChangedEvent,
  UpdateMachineRequest,
} from '@wrenchlog/contracts';
import { ValidInput } from '@wrenchlog/platform';
import type { CallContext } from '@wrenchlog/platform';
import { PhotosService } from '../photos/photos.service.js';
import { MachinesService } from './machines.service.js';

const ctx = (m: RpcMessage): CallContext => ({ actor: m.actor, correlationId: m.meta?.correlationId, idempotencyKey: m.meta?.idempotencyKey });

@Controller()
export class MachinesController {
  constructor(
    private readonly machines: MachinesService,
    private readonly photos: PhotosService,
  ) {}

  @MessagePattern(MACHINE_LIST)
  list(@Payload() m: RpcMessage<MachineListRequest>) {
    return this.machines.list(m.actor, m.payload);
  }

  @MessagePattern(MACHINE_RECENT)
  recent(@Payload() m: RpcMessage) {
    return this.machines.recentlyServiced(m.actor);
  }

  @MessagePattern(MACHINE_GET)
  get(@Payload() m: RpcMessage<MachineIdRequest>) {
    return this.machines.get(m.actor, m.payload?.id);
  }

  @MessagePattern(MACHINE_IMPORT_CREATE_MACHINES)
  importCreateMachines(@Payload() m: RpcMessage<ImportCreateMachinesRequest>) {
    return this.machines.importCreateMachines(m.actor, m.payload, ctx(m));
  }

  @MessagePattern(MACHINE_IMPORT_APPLY)
  importApply(@Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.machines.importApply(m.actor, m.payload, ctx(m));
  }

  @MessagePattern(MACHINE_IMPORT_REVERT)
  importRevert(@Payload() m: RpcMessage<MachineImportRevertRequest>) {
    return this.machines.importRevert(m.actor, m.payload, ctx(m));
  }

  @ValidInput(CreateMachineRequest)
  @MessagePattern(MACHINE_CREATE)
  create(@Payload() m: RpcMessage<CreateMachineRequest>) {
    return this.machines.create(m.actor, m.payload, ctx(m));
  }

  @ValidInput(UpdateMachineRequest)
  @MessagePattern(MACHINE_UPDATE)
  update(@Payload() m: RpcMessage<UpdateMachineRequest>) {
    return this.machines.update(m.actor, m.payload, ctx(m));
  }

  @MessagePattern(MACHINE_DELETE)
  delete(@Payload() m: RpcMessage<MachineIdRequest>) {
    return this.machines.delete(m.actor, m.payload?.id, ctx(m));
  }

  @MessagePattern(MACHINE_PROFILE_PHOTO_GET)
  profilePhoto(@Payload() m: RpcMessage<MachinePhotoRequest>) {
    return this.photos.profilePhoto(m.actor, m.payload?.machineId);
  }

  @MessagePattern(MACHINE_PROFILE_PHOTO_SET)
  setProfilePhoto(@Payload() m: RpcMessage<MachinePhotoSetRequest>) {
    return this.photos.setProfilePhoto(m.actor, m.payload?.machineId, m.payload?.image, ctx(m));
  }

  @MessagePattern(MACHINE_PROFILE_PHOTO_DELETE)
  deleteProfilePhoto(@Payload() m: RpcMessage<MachinePhotoRequest>) {
    return this.photos.deleteProfilePhoto(m.actor, m.payload?.machineId, ctx(m));
  }

  @MessagePattern(MACHINE_GALLERY_LIST)
  gallery(@Payload() m: RpcMessage<MachinePhotoRequest>) {
    return this.photos.gallery(m.actor, m.payload?.machineId);
  }

  @MessagePattern(MACHINE_GALLERY_ADD)
  addToGallery(@Payload() m: RpcMessage<MachineGalleryAddRequest>) {
    return this.photos.addToGallery(m.actor, m.payload?.machineId, m.payload?.images, ctx(m));
  }

  @MessagePattern(MACHINE_GALLERY_DELETE)
  deleteFromGallery(@Payload() m: RpcMessage<MachineGalleryDeleteRequest>) {
    return this.photos.deleteFromGallery(m.actor, m.payload?.machineId, m.payload?.photoIds, ctx(m));
  }

  @EventPattern(SERVICE_RECORD_CHANGED)
  onServiceRecordChanged(@Payload() m: RpcMessage<ServiceRecordChangedEvent>) {
    return this.machines.onServiceRecordChanged(m.payload);
  }

  @EventPattern(METERS_CHANGED)
  onMetersChanged(@Payload() m: RpcMessage<MetersChangedEvent>) {
    return this.machines.onMetersChanged(m.payload);
  }

  @EventPattern(MACHINE_PHOTO_PROCESSED)
  onPhotoProcessed(@Payload() m: RpcMessage<ImageProcessedEvent>) {
    return this.photos.onProcessed(m.payload);
  }
}
