import { ApiClient, Fleet, freePort, TEST_ADMIN } from '@wrenchlog/testing';
import { printFaultTable, type FaultRow } from './fault-report.js';

export interface FaultSuite {
  fleet: Fleet;
  api: ApiClient;
  token: string;
  /** Rows printed as a table when the suite ends. */
  rows: FaultRow[];
}

/**
 * Registers the set-up of a fault suite in the current describe: a distributed fleet (one process
 * per service) on the real servers, an admin token, and the fault table printed at the end.
 */
export function faultSuite(env: Record<string, string> = {}): FaultSuite {
  const suite = { rows: [] as FaultRow[] } as FaultSuite;
  beforeAll(async () => {
    suite.fleet = await Fleet.start({ mode: 'distributed', root: new URL('../../..', import.meta.url).pathname, env });
    suite.api = new ApiClient(suite.fleet.baseUrl);
    suite.token = await suite.api.login(TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    printFaultTable(suite.rows);
    await suite.fleet?.stop();
  });
  return suite;
}

/**
 * Starts a second gateway replica (`gateway-2`) in the suite's fleet on a free port, with the
 * fleet's env, and answers its client once it is ready (every service reachable), within 60 s.
 */
export async function launchSecondGateway(suite: FaultSuite): Promise<ApiClient> {
  const port = await freePort();
  suite.fleet.launch('gateway', 'gateway-2', { PORT: String(port) });
  const second = new ApiClient(`http://127.0.0.1:${port}`);
  const deadline = Date.now() + 60_000;
  while (
    Date.now() < deadline &&
    !(await fetch(`${second.baseUrl}/api/health/ready`)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    await new Promise((r) => setTimeout(r, 200));
  }
  return second;
}
