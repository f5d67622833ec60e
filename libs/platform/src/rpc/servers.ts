import { ServerRMQ, ServerTCP } from '@nestjs/microservices';

// Our message patterns are plain names ('machines.findAll', 'image.stored'). Nest first tries
// JSON.parse on every incoming pattern, which throws for a plain name: an exception per message,
// 6 % of a service's CPU under a list load (tools/bench/profile.mjs). A plain name is its own route
// (Nest's transformPatternToRoute returns a string unchanged); anything else takes Nest's path.
const PLAIN_PATTERN = /^[A-Za-z][\w.:-]*$/;

export function routeOf(pattern: string, nest: (pattern: string) => string): string {
  return typeof pattern === 'string' && PLAIN_PATTERN.test(pattern) ? pattern : nest(pattern);
}

export class TcpServer extends ServerTCP {
  protected override getRouteFromPattern(pattern: string): string {
    return routeOf(pattern, (p) => super.getRouteFromPattern(p));
  }
}

export class RmqServer extends ServerRMQ {
  protected override getRouteFromPattern(pattern: string): string {
    return routeOf(pattern, (p) => super.getRouteFromPattern(p));
  }
}
