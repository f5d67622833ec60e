import type { Context, HealthReply } from './services.js';
import type { LoginRequest, LogoutReply, LogoutRequest, RefreshRequest, SessionGrant, SwitchAccountMessage } from './auth/auth.contract.js';
import { USER_AUTH_LOGIN, USER_AUTH_LOGOUT, USER_AUTH_REFRESH, USER_AUTH_SWITCH } from './auth/auth.contract.js';
import { USER_ME, USER_ME_UPDATE } from './user/user.contract.js';
import type { CurrentUser, UpdateMeRequest, UserMeRequest } from './user/user.contract.js';
import { USER_PASSWORD_CHANGE, USER_PASSWORD_FORGOT, USER_PASSWORD_SET } from './auth/password.contract.js';
import type {
  ChangePasswordMessage,
  ChangePasswordReply,
  ForgotPasswordMessage,
  ForgotPasswordReply,
  SetPasswordReply,
  SetPasswordRequest,
} from './auth/password.contract.js';
import { USER_SESSION_ENDED, USER_SESSION_STATE } from './user/session.contract.js';
import type { SessionEndedReply, SessionEndedRequest, SessionState, SessionStateRequest } from './user/session.contract.js';
import type { AdminRpc } from './admin/admin.rpc.js';
import type { AccountRpc } from './account/accounts.rpc.js';
import type { AnalyticsRpc } from './analytics/analytics.rpc.js';
import type { FuelRpc } from './fuel/fuel.rpc.js';
import type { InventoryRpc } from './inventory/inventory.rpc.js';
import type { ServiceRecordRpc } from './service-record/service-record.rpc.js';
import type { MachineRpc } from './machine/machine.rpc.js';
import type { ImageRpc } from './image/image.rpc.js';
import type { ScheduleRpc } from './schedule/schedule.rpc.js';
import type { DocumentRpc } from './document/document.rpc.js';
import type { ReportRpc } from './report/report.rpc.js';
import type { RebuildRpc } from './report/rebuild.contract.js';
import type { ImportJobRpc, ImportRpc } from './import/import.rpc.js';
import type { NotificationRpc } from './notification/notification.rpc.js';
import type { ExportRpc } from './import/export.contract.js';
import type { ImportPhotosRpc } from './import/import-photos.contract.js';
import type { ApiTokenRpc } from './account/api-tokens.contract.js';
import type { WorkRpc } from './work/work.rpc.js';

// Pattern -> request and reply, so RpcClient.send() is typed end to end. Each context adds its map
// to `Rpc` below.
export type AuthRpc = {
  [USER_AUTH_LOGIN]: { request: LoginRequest; response: SessionGrant };
  [USER_AUTH_REFRESH]: { request: RefreshRequest; response: SessionGrant };
  [USER_AUTH_LOGOUT]: { request: LogoutRequest; response: LogoutReply };
  [USER_AUTH_SWITCH]: { request: SwitchAccountMessage; response: SessionGrant };
  [USER_PASSWORD_FORGOT]: { request: ForgotPasswordMessage; response: ForgotPasswordReply };
  [USER_PASSWORD_SET]: { request: SetPasswordRequest; response: SetPasswordReply };
  [USER_PASSWORD_CHANGE]: { request: ChangePasswordMessage; response: ChangePasswordReply };
};

export type UserRpc = {
  [USER_ME]: { request: UserMeRequest; response: CurrentUser };
  [USER_ME_UPDATE]: { request: UpdateMeRequest; response: CurrentUser };
  [USER_SESSION_STATE]: { request: SessionStateRequest; response: SessionState };
  [USER_SESSION_ENDED]: { request: SessionEndedRequest; response: SessionEndedReply };
};

export type HealthRpc = {
  [K in `${Context}.health.ping`]: { request: Record<string, never>; response: HealthReply };
};

export type Rpc = HealthRpc &
  AuthRpc &
  UserRpc &
  AccountRpc &
  AdminRpc &
  AnalyticsRpc &
  FuelRpc &
  InventoryRpc &
  MachineRpc &
  ImageRpc &
  ServiceRecordRpc &
  ScheduleRpc &
  DocumentRpc &
  ReportRpc &
  RebuildRpc &
  ImportRpc &
  NotificationRpc &
  ExportRpc &
  ImportJobRpc &
  ImportPhotosRpc &
  ApiTokenRpc &
  WorkRpc;
export type RpcPattern = keyof Rpc & string;
export type RpcRequestOf<P extends RpcPattern> = Rpc[P]['request'];
export type RpcResponseOf<P extends RpcPattern> = Rpc[P]['response'];
