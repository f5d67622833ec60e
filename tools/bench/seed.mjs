// Bulk seeding through PostgreSQL itself (INSERT ... SELECT FROM generate_series): a realistic
// spread of users, machines, service records and fuel records in the services' own schemas
// (created by their migrations). Products of the row number are bigint: g * k overflows int4 at 1M rows. Secondary indexes are dropped for the load and rebuilt after,
// which is several times faster than maintaining them row by row.
import pg from 'pg';

export const MACHINES_PER_USER = 20;
/** The measured account: user 1 owns this many service records at every scale (a large fleet). */
export const HEAVY_USER_RECORDS = 10_000;

const TITLES = [
  'Oil change',
  'Hydraulic filter',
  'Track tension check',
  'Brake pads',
  'Coolant flush',
  'Air filter',
  'Tire rotation',
  'Grease fittings',
  'Drive belt replacement',
  'Battery replacement',
  'Fuel filter',
  'Annual inspection',
];
const STATUSES = ['Complete', 'Complete', 'Complete', 'New', 'In Progress', 'Closed', 'Cancelled'];
const TYPES = ['Maintenance', 'Repair', 'Inspection', 'Recall', 'Upgrade'];
const SHOPS = ['Valley Equipment', 'Parts Depot', 'In house', 'Northside Diesel', null];
const MAKES = [
  ['Deere', '310SL'],
  ['Caterpillar', '420F'],
  ['Kubota', 'SVL75'],
  ['Ford', 'F-350'],
  ['Bobcat', 'S650'],
  ['Case', '580N'],
];

const sqlArray = (values) => `ARRAY[${values.map((v) => (v === null ? 'NULL' : `'${v.replace(/'/g, "''")}'`)).join(',')}]::text[]`;

/** Drops the table's secondary indexes and answers their definitions, to rebuild them after the load. */
export async function dropIndexes(client, table) {
  const { rows } = await client.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.tablename = $1 AND i.schemaname = 'public'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  for (const { indexname } of rows) {
    await client.query(`DROP INDEX "${indexname}"`);
  }
  return rows.map((r) => r.indexdef);
}

export async function rebuildIndexes(client, table, definitions) {
  await client.query("SET maintenance_work_mem = '512MB'");
  for (const definition of definitions) {
    await client.query(definition);
  }
  await client.query(`ANALYZE "${table}"`);
}

async function resetSequence(client, table) {
  await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM "${table}"), 1))`);
}

/** Users 1..count, all enabled with the same password (one argon2id hash made by the caller). */
export async function seedUsers(client, { count, passwordHash }) {
  // The migration already created the first administrator as user 1: move it out of the seeded range.
  await client.query('UPDATE users SET id = id + 100000000 WHERE id <= $1', [count]);
  await client.query(
    `INSERT INTO users (id, username, name, password_hash, admin_level, enabled, user_self_description, create_date)
     SELECT g, 'bench-user-' || g || '@wrenchlog.bench', 'Bench User ' || g, $2, 0, true, 'seeded by npm run bench:data', now() - (g || ' minutes')::interval
     FROM generate_series(1, $1) g`,
    [count, passwordHash],
  );
  await resetSequence(client, 'users');
}

export const machineName = (id) => `${MAKES[id % MAKES.length][0]} ${MAKES[id % MAKES.length][1]} #${id}`;

/** Machines 1..count: user u owns ids (u-1)*MACHINES_PER_USER+1 .. u*MACHINES_PER_USER. */
export async function seedMachines(client, { count }) {
  await client.query(
    `INSERT INTO machines (id, user_id, name, year, make, model, status, type, miles, last_serviced_date, last_updated, created_at, is_permanent_license)
     SELECT g, (g - 1) / ${MACHINES_PER_USER} + 1,
            (${sqlArray(MAKES.map((m) => m[0]))})[g % ${MAKES.length} + 1] || ' ' || (${sqlArray(MAKES.map((m) => m[1]))})[g % ${MAKES.length} + 1] || ' #' || g,
            2005 + g % 20, (${sqlArray(MAKES.map((m) => m[0]))})[g % ${MAKES.length} + 1], (${sqlArray(MAKES.map((m) => m[1]))})[g % ${MAKES.length} + 1],
            'Active', 'Equipment', (g * 7919) % 200000, date '2020-01-01' + (g % 2190), now() - ((g % 900) || ' hours')::interval, now() - ((g % 900) || ' days')::interval, false
     FROM generate_series(1, $1) g`,
    [count],
  );
  await resetSequence(client, 'machines');
}

/** The service-record service's projection of those machines. */
export async function seedKnownMachines(client, { count }) {
  await client.query(
    `INSERT INTO known_machines (machine_id, user_id, name, deleted, updated_at)
     SELECT g, (g - 1) / ${MACHINES_PER_USER} + 1,
            (${sqlArray(MAKES.map((m) => m[0]))})[g % ${MAKES.length} + 1] || ' ' || (${sqlArray(MAKES.map((m) => m[1]))})[g % ${MAKES.length} + 1] || ' #' || g,
            false, now()
     FROM generate_series(1, $1) g`,
    [count],
  );
}

/**
 * Service records with ids from..to. The first `heavy` (HEAVY_USER_RECORDS) belong to user 1 (the
 * measured account), the rest are spread over users 2..users. Dates spread over six years.
 */
export async function seedServiceRecords(client, { from, to, users, heavy = HEAVY_USER_RECORDS }) {
  const others = Math.max(1, users - 1);
  await client.query(
    `INSERT INTO service_records (id, user_id, machine_id, machine_name, title, status, service_date, service_type, service_shop, notes, price_cents, miles, hours, date_created, title_key, status_key, type_key, machine_key, search_text)
     SELECT g, x.u, x.m, x.mn, x.t, x.s, x.d, x.ty, x.shop, x.notes, (g::bigint * 7919) % 250000, (g::bigint * 104729) % 300000, NULL, now() - ((g % 2000) || ' hours')::interval,
            lower(x.t), lower(x.s), lower(x.ty), lower(x.mn), lower(concat_ws(E'\\n', x.t, x.notes, x.shop, x.ty, x.s))
     FROM generate_series($1::int, $2::int) g,
     LATERAL (SELECT CASE WHEN g <= ${Number(heavy)} THEN 1 ELSE 2 + (g::bigint * 31) % ${others} END AS u) o,
     LATERAL (SELECT (o.u - 1) * ${MACHINES_PER_USER} + 1 + (g::bigint * 13) % ${MACHINES_PER_USER} AS m) mm,
     LATERAL (SELECT o.u AS u, mm.m AS m,
                     (${sqlArray(MAKES.map((m) => m[0]))})[mm.m % ${MAKES.length} + 1] || ' ' || (${sqlArray(MAKES.map((m) => m[1]))})[mm.m % ${MAKES.length} + 1] || ' #' || mm.m AS mn,
                     (${sqlArray(TITLES)})[(g::bigint * 7) % ${TITLES.length} + 1] AS t,
                     (${sqlArray(STATUSES)})[(g::bigint * 11) % ${STATUSES.length} + 1] AS s,
                     date '2020-01-01' + ((g::bigint * 2654435761::bigint) % 2190)::int AS d,
                     (${sqlArray(TYPES)})[(g::bigint * 3) % ${TYPES.length} + 1] AS ty,
                     (${sqlArray(SHOPS)})[(g::bigint * 5) % ${SHOPS.length} + 1] AS shop,
                     CASE WHEN g % 4 = 0 THEN 'Checked hoses and belts; hours at ' || (g % 9000) ELSE NULL END AS notes) x`,
    [from, to],
  );
}

export async function finishServiceRecords(client) {
  await resetSequence(client, 'service_records');
}

/** Fuel records ids from..to, spread over every user's machines. */
export async function seedFuelRecords(client, { from, to, users }) {
  await client.query(
    `INSERT INTO fuel_records (id, user_id, machine_id, amount_milli, price_per_unit_milli, total_price_cents, date_of_purchase, date_created, store_name, current_mileage, last_mileage)
     SELECT g, x.u, (x.u - 1) * ${MACHINES_PER_USER} + 1 + (g::bigint * 13) % ${MACHINES_PER_USER}, 20000 + (g % 60000), 3490, ((20000 + (g % 60000)) * 349) / 1000,
            timestamptz '2020-01-01' + (((g::bigint * 2654435761::bigint) % 2190) || ' days')::interval, now(), 'Fuel Stop', 40000 + g % 9000, 39700 + g % 9000
     FROM generate_series($1::int, $2::int) g, LATERAL (SELECT 1 + (g::bigint * 17) % $3::int AS u) x`,
    [from, to, users],
  );
  await resetSequence(client, 'fuel_records');
}

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * schedule-service's projection of the machines and 3 schedules each (issue 21): ids
 * (m-1)*3+1..m*3, a third overdue, a third due soon, a third upcoming, state computed today (UTC)
 * so no day refresh runs while measuring.
 */
export async function seedSchedules(client, { machines }) {
  await client.query(
    `INSERT INTO known_machines (machine_id, user_id, name, type, deleted, updated_at)
     SELECT g, (g - 1) / ${MACHINES_PER_USER} + 1, 'Machine #' || g, 'Equipment', false, now() FROM generate_series(1, $1) g`,
    [machines],
  );
  await client.query(
    `INSERT INTO schedules (id, user_id, machine_id, machine_name, machine_type, machine_type_key, title, service_type, origin, interval_hours, interval_months, recurring, anchor,
                            base_date, base_distance, base_hours, last_done_date, last_done_hours, next_due_date, next_due_hours, status, status_rank, reason, reason_dimension,
                            forecast_date, sort_date, done, computed_on, date_created)
     SELECT g, (m - 1) / ${MACHINES_PER_USER} + 1, m, 'Machine #' || m, 'Equipment', 'equipment',
            (ARRAY['Engine oil and filter', 'Hydraulic fluid', 'Annual inspection'])[k + 1], 'Maintenance', 'user', 250, 12, true, 'completion',
            today - 200, 0, 1000, today - 200, 1000, today + (g % 120) - 40, 1250,
            (ARRAY['overdue', 'due_soon', 'upcoming'])[g % 3 + 1], g % 3, (ARRAY['Overdue by 3 days', 'Due in 12 days', '120 h left'])[g % 3 + 1], 'date',
            today + (g % 120) - 40, today + (g % 120) - 40, false, today, now()
     FROM generate_series(1, $1::int * 3) g,
     LATERAL (SELECT (g - 1) / 3 + 1 AS m, (g - 1) % 3 AS k, (now() AT TIME ZONE 'utc')::date AS today) x`,
    [machines],
  );
  await resetSequence(client, 'schedules');
}

/**
 * report-service's read model (issue 22) as the events of the seeded records would have built it:
 * the machines, one row per service record (1..serviceRecords, the formulas of seedServiceRecords)
 * and per fuel record (those of seedFuelRecords, with gallons and flags: a partial fill in four, a
 * missed fill-up in fifty), a distance reading per record with a mileage, then the monthly totals.
 */
export async function seedReports(client, { machines, users, serviceRecords, fuelRecords, heavy = HEAVY_USER_RECORDS }) {
  const others = Math.max(1, users - 1);
  await client.query(
    `INSERT INTO report_machines (machine_id, user_id, name, type, type_key, archived, deleted, updated_at)
     SELECT g, (g - 1) / ${MACHINES_PER_USER} + 1, 'Machine #' || g, 'Equipment', 'equipment', false, false, now() FROM generate_series(1, $1) g`,
    [machines],
  );
  await client.query(
    `INSERT INTO report_records (category, record_id, user_id, machine_key, record_date, month, amount_cents, title, notes, miles, hours, deleted, updated_at)
     SELECT 'service', g, o.u, (o.u - 1) * ${MACHINES_PER_USER} + 1 + (g::bigint * 13) % ${MACHINES_PER_USER}, d, to_char(d, 'YYYY-MM'), (g::bigint * 7919) % 250000, 'Service', NULL,
            (g::bigint * 104729) % 300000, NULL, false, now()
     FROM generate_series(1, $1::int) g,
     LATERAL (SELECT CASE WHEN g <= ${Number(heavy)} THEN 1 ELSE 2 + (g::bigint * 31) % ${others} END AS u) o,
     LATERAL (SELECT date '2020-01-01' + ((g::bigint * 2654435761::bigint) % 2190)::int AS d) x`,
    [serviceRecords],
  );
  await client.query(
    `INSERT INTO report_records (category, record_id, user_id, machine_key, record_date, month, amount_cents, title, notes, miles, hours, fuel_amount, full_tank, missed_previous, purchased_at, deleted, updated_at)
     SELECT 'fuel', g, x.u, (x.u - 1) * ${MACHINES_PER_USER} + 1 + (g::bigint * 13) % ${MACHINES_PER_USER}, d, to_char(d, 'YYYY-MM'), ((20000 + (g % 60000)) * 349) / 1000, 'Fuel', NULL,
            40000 + g % 9000, NULL, (20000 + (g % 60000)) / 1000.0, g % 4 <> 0, g % 50 = 0, d + interval '8 hours' + (g % 600) * interval '1 minute', false, now()
     FROM generate_series(1, $1::int) g, LATERAL (SELECT 1 + (g::bigint * 17) % $2::int AS u, date '2020-01-01' + ((g::bigint * 2654435761::bigint) % 2190)::int AS d) x`,
    [fuelRecords, users],
  );
  // The meters' readings as schedule.reading.changed would have copied them: one distance reading
  // per record with a mileage (the machine's meter 2 x machine - 1).
  await client.query(
    `INSERT INTO report_readings (reading_id, user_id, machine_id, meter_id, kind, unit, lifetime, read_at, live, updated_at)
     SELECT row_number() OVER (), user_id, machine_key, machine_key * 2 - 1, 'distance', 'mi', miles, record_date, true, now()
     FROM report_records WHERE miles IS NOT NULL AND machine_key > 0`,
  );
  await client.query(
    `INSERT INTO report_monthly (user_id, machine_key, month, category, amount_cents)
     SELECT user_id, machine_key, month, category, SUM(amount_cents) FROM report_records GROUP BY user_id, machine_key, month, category`,
  );
  await client.query('ANALYZE report_records');
  await client.query('ANALYZE report_monthly');
  await client.query('ANALYZE report_readings');
}
