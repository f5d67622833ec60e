// The back-end processes and how a message pattern finds its service: '<context>.<noun>.<verb>'
// goes to the service that owns <context>. The order fixes each service's default TCP port
// (SERVICE_PORT_BASE + index) in the embedded mode.
export const SERVICES = [
  'user-service',
  'machine-service',
  'service-record-service',
  'fuel-purchase-service',
  'analytics-service',
  'image-worker',
  'schedule-service',
  'report-service',
  'import-service',
  'notification-service',
  'work-order-service',
] as const;
export type ServiceName = (typeof SERVICES)[number];

export const CONTEXT_OWNERS = {
  user: 'user-service',
  admin: 'user-service',
  machine: 'machine-service',
  service: 'service-record-service',
  fuel: 'fuel-purchase-service',
  inventory: 'fuel-purchase-service',
  analytics: 'analytics-service',
  image: 'image-worker',
  // Documents (issue 18) live in the ledger of stored files with the photos: see apps/image-worker/README.md.
  document: 'image-worker',
  schedule: 'schedule-service',
  report: 'report-service',
  import: 'import-service',
  notification: 'notification-service',
  // Issues and work orders (issue 35): see apps/work-order-service/README.md.
  work: 'work-order-service',
} as const satisfies Record<string, ServiceName>;
export type Context = keyof typeof CONTEXT_OWNERS;

export function serviceForPattern(pattern: string): ServiceName {
  const context = pattern.slice(0, pattern.indexOf('.')) as Context;
  const owner = CONTEXT_OWNERS[context];
  if (!owner) {
    throw new Error(`No service owns the message pattern '${pattern}'`);
  }
  return owner;
}

/** Each service answers this pattern so the gateway's readiness check can reach it. */
export const healthPattern = (service: ServiceName): `${Context}.health.ping` =>
  `${(Object.entries(CONTEXT_OWNERS) as [Context, ServiceName][]).find(([, owner]) => owner === service)![0]}.health.ping`;

export interface HealthReply {
  service: ServiceName;
  status: 'ok';
  database: 'up' | 'none';
}
