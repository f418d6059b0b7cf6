import type { Db } from '../client';
import { placeSuggestions } from '../schema';
import type { AccountService } from './accounts';

/** Join requests waiting in the admin panel's Pending Users tab. */
export const DEMO_APPLICANTS = [
  { firstName: 'Layla', lastName: 'Mansour', email: 'layla.applicant@bloomcircle.example', age: 16, interests: 'Drawing, anime and learning Japanese', bio: 'I just moved to a new city and would love to meet kind girls who like art.' },
  { firstName: 'Sofia', lastName: 'Rahman', email: 'sofia.applicant@bloomcircle.example', age: 21, interests: 'Running, coding and podcasts about careers', bio: 'Computer science student looking for mentors and study buddies.' },
  { firstName: 'Hana', lastName: 'Youssef', email: 'hana.applicant@bloomcircle.example', age: 18, interests: 'Modest fashion, photography and baking', bio: 'Starting university soon and want a supportive circle of friends.' },
] as const;

export async function seedAdmin(db: Db, { createAccount, findUserByEmail }: AccountService): Promise<void> {
  for (const applicant of DEMO_APPLICANTS) {
    // Applicants can't sign in until approved; the password only has to be a real hash.
    await createAccount(db, { ...applicant, password: `Pending-${crypto.randomUUID()}`, approvalStatus: 'pending' });
  }
  const member = await findUserByEmail(db, 'amira@bloomcircle.example');
  if (member) {
    await db.insert(placeSuggestions).values({
      userId: member.id,
      name: 'Olive Tree Reading Room',
      description: 'A quiet community library with a cosy corner for girls-only study sessions.',
      category: 'culture',
      address: '12 Cedar Lane',
    });
  }
}
