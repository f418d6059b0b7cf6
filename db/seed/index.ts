import type { Db } from '../client';
import type { AccountService } from './accounts';
import { seedAdmin } from './admin';
import { seedContent } from './content';
import { seedCommunity } from './community';
import { DEMO_ACCOUNTS } from './demo-accounts';

/**
 * Loads the demo content once. The demo member's account marks a seeded database, so a
 * second run (every `SEED_DEMO=1` start) returns false and changes nothing.
 */
export async function seedDemo(db: Db, accounts: AccountService): Promise<boolean> {
  const { createAccount, findUserByEmail } = accounts;
  if (await findUserByEmail(db, DEMO_ACCOUNTS.member.email)) return false;

  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await createAccount(txDb, { ...DEMO_ACCOUNTS.admin, role: 'admin', approvalStatus: 'approved', age: 29, interests: 'Mentoring, wellness and community building', bio: 'Volunteer moderator who keeps Bloom Circle a kind and safe place.' }).catch(ignoreTaken);
    await createAccount(txDb, { ...DEMO_ACCOUNTS.moderator, role: 'moderator', approvalStatus: 'approved', established: true, age: 24, interests: 'Books, cycling and kind conversations', bio: 'Moderator who reads the reports and the review queue.' }).catch(ignoreTaken);
    await createAccount(txDb, { ...DEMO_ACCOUNTS.member, approvalStatus: 'approved', established: true, age: 19, interests: 'Journaling, podcasts and running', bio: 'First-year student who loves honest conversations about growing up.' }).catch(ignoreTaken);
    await seedCommunity(txDb, accounts);
    await seedContent(txDb, accounts);
    await seedAdmin(txDb, accounts);
  });
  return true;
}

function ignoreTaken(error: unknown) {
  if ((error as { code?: string }).code === 'CONFLICT') return;
  throw error;
}
