import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ORGANISATION_ANSWER_REUSE_MS, adminUserSchema } from '@nsa/contracts';
import { normaliseHost } from '@nsa/service-kit';
import { z } from 'zod';
import { OrganisationRepository, OrganisationTaken } from '../data-access/organisations.js';
import { PlatformAuditRepository } from '../data-access/platform-audit.js';
import { createOrganisation } from '../domain/platform.js';
import { runCli, withIdentityDatabase } from './cli-root.js';

const USAGE = `usage:
  organisation -- add --slug tweede --name "Welzijn Tweede" --contact-email info@tweede.example
    --website https://tweede.example --privacy-url https://tweede.example/privacy
    --public-base-url https://aanmelden.tweede.example --host aanmelden.tweede.example
    [--host another.example] --admin-email beheer@tweede.example --admin-name "Full Name"
  organisation -- suspend --slug tweede
  organisation -- resume --slug tweede
`;

const hostSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((h) => normaliseHost(h) === h && h !== '_', 'lower case, without port or trailing dot');

const addSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9-]{3,40}$/, '3 to 40 of a-z, 0-9 and -'),
    name: z.string().trim().min(1).max(200),
    contactEmail: z.email(),
    website: z.url({ protocol: /^https?$/ }),
    privacyUrl: z.url({ protocol: /^https?$/ }),
    publicBaseUrl: z.url({ protocol: /^https?$/ }),
    hosts: z.array(hostSchema).min(1),
    admin: adminUserSchema.pick({ email: true, name: true }),
  })
  .refine((o) => o.hosts.includes(new URL(o.publicBaseUrl).hostname), {
    message: "the public address's host must be one of --host",
    path: ['publicBaseUrl'],
  });

/**
 * R-ORG-ADD: `organisation -- add` makes a further organisation on this deployment, found by
 * its host names, with its first administrator (no password; a one-time setup link on the
 * organisation's own address is printed); `suspend` and `resume` change its status, confirmed
 * once no service still uses an answer from before (R-ORG-HOST). Organisation 1 is the
 * deployment's own and is neither made nor suspended here. Reads the service's environment.
 */
async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      slug: { type: 'string' },
      name: { type: 'string' },
      'contact-email': { type: 'string' },
      website: { type: 'string' },
      'privacy-url': { type: 'string' },
      'public-base-url': { type: 'string' },
      host: { type: 'string', multiple: true },
      'admin-email': { type: 'string' },
      'admin-name': { type: 'string' },
    },
  });
  const [command] = positionals;
  if (command === 'add') {
    const input = addSchema.safeParse({
      slug: values.slug,
      name: values.name,
      contactEmail: values['contact-email'],
      website: values.website,
      privacyUrl: values['privacy-url'],
      publicBaseUrl: values['public-base-url'],
      hosts: values.host ?? [],
      admin: { email: values['admin-email'], name: values['admin-name'] },
    });
    if (!input.success) {
      const problems = input.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
      process.stderr.write(`${problems.join('\n')}\n${USAGE}`);
      process.exit(2);
    }
    await add(input.data);
  } else if ((command === 'suspend' || command === 'resume') && values.slug) {
    const slug = values.slug;
    const status = command === 'suspend' ? 'suspended' : 'active';
    await withIdentityDatabase(async ({ sequelize }) => {
      // The change and its entry in the platform's log in one transaction (R-PLATFORM-AUDIT);
      // the program is no platform administrator: logged without one.
      const found = await sequelize.transaction(async (tx) => {
        const r = await new OrganisationRepository(sequelize).setStatus(tx, slug, status);
        if (r && r.before !== 'deleting' && r.before !== status) {
          await new PlatformAuditRepository(sequelize).record(
            {
              actor: null,
              action: command === 'suspend' ? 'organisation.suspended' : 'organisation.resumed',
              organisation: { id: r.id, slug },
            },
            tx,
          );
        }
        return r;
      });
      if (found === null || found.before === 'deleting') {
        process.stderr.write(
          found === null
            ? `no organisation ${slug} (organisation 1 stays as it is)\n`
            : `organisation ${slug} is being deleted; only its deletion ends that\n`,
        );
        process.exitCode = 1;
        return;
      }
      // No service uses an answer about its hosts from before the change any more.
      await sleep(ORGANISATION_ANSWER_REUSE_MS);
      process.stdout.write(
        `Organisation ${slug} ${command === 'suspend' ? 'suspended' : 'active again'}.\n`,
      );
    });
  } else {
    process.stderr.write(USAGE);
    process.exit(2);
  }
}

async function add(o: z.infer<typeof addSchema>): Promise<void> {
  await withIdentityDatabase(async ({ config, sequelize, accounts }) => {
    let made: { id: number; admin: string };
    try {
      // The administrator is the new organisation's, and its link is on that one's address.
      made = await createOrganisation(
        {
          db: sequelize,
          organisations: new OrganisationRepository(sequelize),
          log: new PlatformAuditRepository(sequelize),
        },
        null,
        { ...o, retentionMonths: config.RETENTION_MONTHS },
        () => accounts.createWithSetupLink(o.admin.email, o.admin.name),
      );
    } catch (err) {
      if (!(err instanceof OrganisationTaken)) throw err;
      process.stderr.write(`${err.message}; nothing made\n`);
      process.exitCode = 1;
      return;
    }
    const { id, admin: link } = made;
    process.stdout.write(
      `Organisation ${o.name} (${o.slug}, id ${id}) created for ${o.hosts.join(', ')}.\n` +
        `Administrator ${o.admin.name} created.\nOne-time setup link (valid 7 days):\n${link}\n`,
    );
  });
}

runCli(main);
