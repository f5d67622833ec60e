import type { MachineResolveReply, MachineResolveRequest } from './machine-resolve.contract.js';
import { MACHINE_RESOLVE } from './machine-resolve.contract.js';
import type {
  MachinePhotoKeys,
  CreateMachineRequest,
  DeletedReply,
  MachineView,
  MachineGalleryAddRequest,
  MachineGalleryDeleteRequest,
  MachineIdRequest,
  MachineListView,
  MachineListRequest,
  MachinePhotoRequest,
  MachinePhotoSetRequest,
  UpdateMachineRequest,
} from './machine.contract.js';
import {
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
} from './machine.contract.js';

/** The machine context (machine-service). */
export type MachineRpc = {
  [MACHINE_LIST]: { request: MachineListRequest; response: MachineListView[] };
  [MACHINE_RECENT]: { request: Record<string, never>; response: MachineListView[] };
  [MACHINE_GET]: { request: MachineIdRequest; response: MachineView };
  [MACHINE_CREATE]: { request: CreateMachineRequest; response: MachineView };
  [MACHINE_UPDATE]: { request: UpdateMachineRequest; response: MachineView };
  [MACHINE_DELETE]: { request: MachineIdRequest; response: DeletedReply };
  [MACHINE_PROFILE_PHOTO_GET]: { request: MachinePhotoRequest; response: MachinePhotoKeys };
  [MACHINE_PROFILE_PHOTO_SET]: { request: MachinePhotoSetRequest; response: MachinePhotoKeys };
  [MACHINE_PROFILE_PHOTO_DELETE]: { request: MachinePhotoRequest; response: DeletedReply };
  [MACHINE_GALLERY_LIST]: { request: MachinePhotoRequest; response: MachinePhotoKeys[] };
  [MACHINE_GALLERY_ADD]: { request: MachineGalleryAddRequest; response: MachinePhotoKeys[] };
  [MACHINE_GALLERY_DELETE]: { request: MachineGalleryDeleteRequest; response: DeletedReply };
  [MACHINE_RESOLVE]: { request: MachineResolveRequest; response: MachineResolveReply };
};
