// Shapes the screens read: the contract types (imported as types only, no runtime code).
import type { ImageUrlsView, ServiceRecord } from '@wrenchlog/contracts';

export type {
  CurrentUser,
  FuelRecord,
  HttpErrorBody,
  LoginResponse,
  Machine,
  MachineHistoryCounts,
  MachineListItem,
  Page,
  Purchase,
  PurchasesForMachine,
} from '@wrenchlog/contracts';

/** Machine photos as the gateway answers them: signed URLs that work in an <img> without a token. */
export type MachinePhoto = ImageUrlsView;

export interface MachineCreateInput {
  name: string;
  year: number;
  make: string;
  model: string;
}

/** A service record as the history tab reads it. */
export type ServiceRecordRow = ServiceRecord;
