import { eq } from 'drizzle-orm';
import { users } from '#db/schema';
import { messages } from '#shared/messages';
import type { Role } from '#shared/roles';
import type { Context } from '../trpc/context';
import { createSession, generateSessionToken, invalidateSession } from './session';

/** Her sign-in succeeded (with her second step, if she has one): a new session. */
export async function startSignedIn(ctx: Context, user: { id: number; role: Role; firstName: string; email: string; lastSignInAt: Date | null }, persistent: boolean) {
  // A new token on every sign-in; a session the browser already had is ended.
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, user, persistent, ctx.userAgent);
  await ctx.db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
  ctx.cookies.setSession(token, session);
  // Her first sign-in is a welcome, every later one a welcome back.
  const firstSignIn = user.lastSignInAt === null;
  return { success: true as const, message: messages.login.serverSuccess, user: { firstName: user.firstName, email: user.email }, firstSignIn };
}

