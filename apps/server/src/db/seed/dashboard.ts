import type { SeedContext } from './registry';

/** Demo rows of the dashboard domain. */
export async function seedDashboard(_ctx: SeedContext): Promise<void> {}
