import type { SeedContext } from './registry';

/** Demo rows of the copyright domain. */
export async function seedCopyright(_ctx: SeedContext): Promise<void> {}
