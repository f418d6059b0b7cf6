import type { Db } from '../client';

/** An account the seed makes: the fields the server's account service takes. */
export interface SeedAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  age?: number | null;
  interests?: string | null;
  bio?: string | null;
  role?: 'member' | 'moderator' | 'admin';
  approvalStatus?: 'pending' | 'approved' | 'rejected';
  /** Publishes at once, without her first posts waiting for review (demo members are). */
  established?: boolean;
  /** The community guidelines version she accepted when applying, and when (none for seeded or admin-made accounts). */
  guidelinesVersion?: string | null;
  guidelinesAcceptedAt?: Date | null;
}

/**
 * How the seed makes and finds accounts: the server's own account service, handed in by the
 * caller (src/server/services/accounts.ts `accountService`). Demo accounts are then made as
 * real ones are (hashed password, lower-cased email, a taken email refused), while db/
 * imports nothing from the server.
 */
export interface AccountService {
  createAccount(db: Db, account: SeedAccount): Promise<{ id: number }>;
  findUserByEmail(db: Db, email: string): Promise<{ id: number } | undefined>;
}
