import pg from 'pg';

/** Creates the service's PostgreSQL database when it does not exist yet (first start of a fresh server). */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        // 42P04: another replica created it between our check and our create.
        if (err.code !== '42P04' && err.code !== '23505') {
          throw err;
        }
      });
    }
  } finally {
    await client.end();
  }
}
