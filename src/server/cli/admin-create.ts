import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDatabase } from '../database';
import { readEnv } from '../env';
import { ensureAdminAccount } from '../services/accounts';
import { AdminAccountCliSchema } from '#shared/schemas/auth';

// npm run admin:create -- --email a@b.c --password secret1 [--first-name A --last-name B]
// Falls back to ADMIN_EMAIL / ADMIN_PASSWORD. Never overwrites an existing account.
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});
const env = readEnv();
const parsed = AdminAccountCliSchema.safeParse({
  email: values.email ?? env.ADMIN_EMAIL,
  password: values.password ?? env.ADMIN_PASSWORD,
  firstName: values['first-name'] ?? 'Site',
  lastName: values['last-name'] ?? 'Admin',
});
if (!parsed.success) {
  console.error(z.prettifyError(parsed.error));
  process.exit(1);
}
const database = await openDatabase(env);
const { email, password, firstName, lastName } = parsed.data;
const created = await ensureAdminAccount(database.db, email, password, { firstName, lastName });
await database.close();
console.log(created ? `Admin ${email} created.` : `An account for ${email} already exists; nothing changed.`);
