import pg from 'pg';

/** One query on a service's own PostgreSQL database (`<base>_<name>`), to count what was really stored. */
export async function queryService<T extends pg.QueryResultRow>(databaseUrl: string, service: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const url = new URL(databaseUrl);
  url.pathname = `${url.pathname}_${service}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
