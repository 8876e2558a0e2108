import type { SeedContext } from './registry';

/** Demo rows of the company domain. */
export async function seedCompany(_ctx: SeedContext): Promise<void> {}
