import type { Context, HealthReply } from './services.js';
import type { LoginRequest, LogoutReply, LogoutRequest, RefreshRequest, SessionGrant } from './auth/auth.contract.js';
import { USER_AUTH_LOGIN, USER_AUTH_LOGOUT, USER_AUTH_REFRESH } from './auth/auth.contract.js';
import { USER_ME } from './user/user.contract.js';
import type { CurrentUser, UserMeRequest } from './user/user.contract.js';
import type { AdminRpc } from './admin/admin.rpc.js';
import type { AnalyticsRpc } from './analytics/analytics.rpc.js';
import type { FuelRpc } from './fuel/fuel.rpc.js';
import type { InventoryRpc } from './inventory/inventory.rpc.js';
import type { ServiceRecordRpc } from './service-record/service-record.rpc.js';
import type { MachineRpc } from './machine/machine.rpc.js';
import type { ImageRpc } from './image/image.rpc.js';
import type { ScheduleRpc } from './schedule/schedule.rpc.js';

// Pattern -> request and reply, so RpcClient.send() is typed end to end. Each context adds its map
// to `Rpc` below.
export type AuthRpc = {
  [USER_AUTH_LOGIN]: { request: LoginRequest; response: SessionGrant };
  [USER_AUTH_REFRESH]: { request: RefreshRequest; response: SessionGrant };
  [USER_AUTH_LOGOUT]: { request: LogoutRequest; response: LogoutReply };
};

export type UserRpc = {
  [USER_ME]: { request: UserMeRequest; response: CurrentUser };
};

export type HealthRpc = {
  [K in `${Context}.health.ping`]: { request: Record<string, never>; response: HealthReply };
};

export type Rpc = HealthRpc & AuthRpc & UserRpc & AdminRpc & AnalyticsRpc & FuelRpc & InventoryRpc & MachineRpc & ImageRpc & ServiceRecordRpc & ScheduleRpc;
export type RpcPattern = keyof Rpc & string;
export type RpcRequestOf<P extends RpcPattern> = Rpc[P]['request'];
export type RpcResponseOf<P extends RpcPattern> = Rpc[P]['response'];
