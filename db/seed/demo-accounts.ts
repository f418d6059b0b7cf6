/**
 * Demo accounts, documented in the README; created only with SEED_DEMO=1 or npm run db:seed. A
 * module of their own, so the journeys and scripts that sign in as them don't load the seed.
 */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@bloomcircle.example', password: 'BloomAdmin1', firstName: 'Maya', lastName: 'Haddad' },
  moderator: { email: 'moderator@bloomcircle.example', password: 'BloomModerator1', firstName: 'Rasha', lastName: 'Darwish' },
  member: { email: 'amira@bloomcircle.example', password: 'BloomMember1', firstName: 'Amira', lastName: 'Saleh' },
} as const;
