import { ApiClient, Fleet, TEST_ADMIN } from '@wrenchlog/testing';
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
