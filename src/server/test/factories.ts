import type { Db } from '#db/client';
import type { Role } from '#shared/roles';
import { hashPassword } from '../auth/password';
import { createAccount } from '../services/accounts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export const TEST_PASSWORD = 'Secret123';

/**
 * One argon2id hash of TEST_PASSWORD for every account a worker makes: hashing is most of the
 * cost of making an account (about 20 ms of CPU, over a thousand accounts a run), and accounts
 * that share a salt sign in the same. Sign-up and the admin's Add New Admin hash through the
 * service as ever; their own tests cover that.
 */
let testPasswordHash: Promise<string> | undefined;
const sharedTestPasswordHash = () => (testPasswordHash ??= hashPassword(TEST_PASSWORD));

export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * An account in a given state; approved, established members by default (their posts publish
 * at once). `established: false` makes a new member, whose first posts wait for review.
 */
export async function createUser(
  db: Db,
  options: { status?: 'pending' | 'approved' | 'rejected'; role?: Role; isAdmin?: boolean; established?: boolean; firstName?: string; lastName?: string; email?: string; age?: number; emailConfirmed?: boolean } = {},
): Promise<TestUser> {
  const user = {
    email: options.email ?? `user-${unique()}@example.com`,
    password: TEST_PASSWORD,
    firstName: options.firstName ?? 'Lina',
    lastName: options.lastName ?? 'Tester',
  };
  const { id } = await createAccount(
    db,
    {
      ...user,
      age: options.age ?? 20,
      interests: 'Reading and painting',
      bio: 'I love learning new things with friends.',
      role: options.role ?? (options.isAdmin ? 'admin' : 'member'),
      approvalStatus: options.status ?? 'approved',
      established: options.established ?? true,
      // Confirmed unless a test asks otherwise, as the members an admin or the seed makes.
      ...(options.emailConfirmed === false ? { emailConfirmedAt: null } : {}),
    },
    sharedTestPasswordHash,
  );
  return { id, ...user };
}

export const validApplication = () => ({
  firstName: 'Sara',
  lastName: 'Nour',
  email: `apply-${unique()}@example.com`,
  password: 'Bloom2024x',
  age: 17,
  interests: 'Poetry, football and coding',
  bio: 'I am a high-school student who wants a kind community.',
  acceptGuidelines: true as const,
});
