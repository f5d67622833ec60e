// The services-list SQL as the service-record service sends it to PostgreSQL (RecordsService.recent):
// one page in an index order, then the total count (skipped when a short, non-empty page tells it).
const COLUMNS = [
  'id',
  'user_id',
  'machine_id',
  'machine_name',
  'title',
  'status',
  'service_date',
  'service_type',
  'service_shop',
  'notes',
  'price_cents',
  'miles',
  'hours',
  'date_created',
  'title_key',
  'status_key',
  'type_key',
  'machine_key',
  'search_text',
  'idempotency_key',
];

/** { page, count } statements with parameters for one list query. */
export function listQueries({ userId, page = 0, size = 12, status, search }) {
  const params = [userId];
  let where = '"r"."user_id" = $1';
  if (status) {
    params.push(status.toLowerCase());
    where += ` AND "r"."status_key" = $${params.length}`;
  }
  if (search) {
    params.push(`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    where += ` AND ("r"."search_text" LIKE ${p} ESCAPE '\\' OR "r"."machine_key" LIKE ${p} ESCAPE '\\')`;
  }
  const select = COLUMNS.map((c) => `"r"."${c}" AS "r_${c}"`).join(', ');
  return {
    page: {
      text: `SELECT ${select} FROM "service_records" "r" WHERE ${where} ORDER BY "r"."service_date" DESC, "r"."id" DESC LIMIT ${size} OFFSET ${page * size}`,
      values: params,
    },
    count: { text: `SELECT COUNT(*) AS "total" FROM "service_records" "r" WHERE ${where}`, values: params },
  };
}

/** Runs both statements the way the service does (one after the other on a pooled connection). */
export async function runList(pool, query) {
  const { page, count } = listQueries(query);
  const { rowCount } = await pool.query(page);
  if (rowCount === 0 || rowCount === (query.size ?? 12)) {
    await pool.query(count);
  }
}

/** The same query as a GET /api/services/recent query string. */
export function listPath({ page = 0, size = 12, status, search }) {
  const q = new URLSearchParams({ page: String(page), size: String(size) });
  if (status) {
    q.set('status', status);
  }
  if (search) {
    q.set('q', search);
  }
  return `/api/services/recent?${q}`;
}
