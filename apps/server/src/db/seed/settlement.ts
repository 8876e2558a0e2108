import type { SeedContext } from './registry';

/** Demo rows of the settlement domain. */
export async function seedSettlement(_ctx: SeedContext): Promise<void> {}
