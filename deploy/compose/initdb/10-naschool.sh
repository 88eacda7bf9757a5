#!/bin/bash
# Run once by the postgres image on an empty data volume (R-RUN-COMPOSE): the production
# overlay's bootstrap (deploy/k8s/overlays/production/database/bootstrap.sql, mounted at
# /naschool/bootstrap.sql, not copied: one schema and one login role per service, the audit
# store), then each role's password from this container's environment (.env).
set -Eeo pipefail
psql=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --dbname "$POSTGRES_DB")
"${psql[@]}" -q -f /naschool/bootstrap.sql
for s in catalog registrations identity notify; do
  var="${s^^}_DB_PASSWORD"
  if [ -z "${!var}" ]; then
    echo "initdb: $var is not set" >&2
    exit 1
  fi
  "${psql[@]}" -q --set role="svc_$s" --set pw="${!var}" <<< 'ALTER ROLE :"role" PASSWORD :'"'"'pw'"'"';'
done
echo "initdb: naschool's roles and schemas made"
