import type { Db } from '#db/client';
import type { Role } from '#shared/roles';
import { createAccount } from '../services/accounts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export const TEST_PASSWORD = 'Secret123';

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
  const { id } = await createAccount(db, {
    ...user,
    age: options.age ?? 20,
    interests: 'Reading and painting',
    bio: 'I love learning new things with friends.',
    role: options.role ?? (options.isAdmin ? 'admin' : 'member'),
    approvalStatus: options.status ?? 'approved',
    established: options.established ?? true,
    // Confirmed unless a test asks otherwise, as the members an admin or the seed makes.
    ...(options.emailConfirmed === false ? { emailConfirmedAt: null } : {}),
  });
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
