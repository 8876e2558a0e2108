import type { SeedContext } from './registry';

/** Demo rows of the product domain. */
export async function seedProduct(_ctx: SeedContext): Promise<void> {}
