#!/bin/sh
# Creates one database per service on the first start of the PostgreSQL volume.
# (Services also create their database when missing; this keeps ownership explicit.)
set -e
for db in user machine service_record fuel_purchase analytics image_worker schedule report import notification work_order; do
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
    -c "CREATE DATABASE wrenchlog_${db}" || true
done
