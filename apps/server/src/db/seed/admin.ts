import { hashPassword } from '../../lib/password';
import { operators } from '../schema';
import type { SeedContext } from './registry';

/** The demo operator of the admin area (/admin): only ever in the demo seed, never in a real database. */
export const DEMO_OPERATOR = { id: 'operator', password: 'operator-demo-1', name: 'Demo operator' } as const;

/** Seeds the demo operator (the console's e2e spec and anyone trying /admin log in with it). */
export async function seedAdmin(ctx: SeedContext) {
  await ctx.db
    .insert(operators)
    .values({ loginId: DEMO_OPERATOR.id, name: DEMO_OPERATOR.name, passwordHash: await hashPassword(DEMO_OPERATOR.password) })
    .onConflictDoNothing();
}
