import { parseArgs } from 'node:util';
import { adminUserSchema } from '@nsa/contracts';
import { runCli, withIdentityDatabase } from './cli-root.js';

/**
 * `admin:create --email E --name N`: creates an administrator without a
 * password and prints a one-time setup link (valid 7 days), for a production
 * install where nobody can log in yet. Reads the service's own environment.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  const input = adminUserSchema.safeParse({
    email: values.email,
    name: values.name,
    role: 'admin',
  });
  if (!input.success) {
    process.stderr.write('usage: admin:create -- --email someone@example.org --name "Full Name"\n');
    process.exit(2);
  }
  await withIdentityDatabase(async (parts) => {
    const { accounts } = parts;
    if (await accounts.emailTaken(input.data.email)) {
      process.stderr.write(`an account with email ${input.data.email} already exists\n`);
      process.exitCode = 1;
      return;
    }
    const link = await accounts.createWithSetupLink(input.data.email, input.data.name);
    process.stdout.write(
      `Administrator ${input.data.name} created.\nOne-time setup link (valid 7 days):\n${link}\n`,
    );
  });
}

runCli(main);
