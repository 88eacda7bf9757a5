import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Migration } from '@nsa/service-kit';

/**
 * The sign-up rules (`sign_up` and `activities_overlap`), from their one source:
 * `sql/sign-up.sql` (copied to `dist/sql/` by the build, so the compiled service finds it
 * beside its migrations, in the checkout and in the image alike).
 *
 * A repeatable migration. Migrations 0003 to 0006 each wrote the whole function again, so the
 * rules in force were in the latest of four copies. Here the function is defined once, in a
 * file of its own, and this migration's name carries a short hash of that file: an edited rule
 * gives a new name, which the database has not applied, so the next start installs the file
 * again (`CREATE OR REPLACE`, the same signature and answers as 0006's). A change to a rule is
 * an edit of the SQL file alone, and its review shows the rule's diff rather than a fifth copy.
 *
 * It stays last in the list, whatever migrations come after it, so the rules always run on the
 * whole schema. It keeps one row in `schema_migrations`: applying it deletes the rows of its
 * other versions. So the function is the one of the last release that started with a version
 * of its own: after a rollback the older release installs its rules again, and the newer one,
 * started again, installs its own (with the rows kept, it would find its version applied and
 * leave the older rules in place). The rules of two releases therefore have to work with each
 * other's code, as the code of two releases has to work on one schema (docs/deploy.md).
 */
const NAME = '0014-sign-up-rules';
const source = readFileSync(new URL('../sql/sign-up.sql', import.meta.url), 'utf8');
const version = createHash('sha256').update(source).digest('hex').slice(0, 12);

export const m0014SignUpRules: Migration = {
  name: `${NAME}-${version}`,
  async up({ sql }) {
    await sql(source);
    await sql(
      `DELETE FROM schema_migrations WHERE name LIKE '${NAME}-%' AND name <> '${NAME}-${version}'`,
    );
  },
};
