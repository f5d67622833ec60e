/** Facts about this build, fixed at start. */
export class GatewayInfo {
  constructor(readonly gitHash: string) {}
}
