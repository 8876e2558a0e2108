import type { SeedContext } from './registry';

/** Demo rows of the help domain. */
export async function seedHelp(_ctx: SeedContext): Promise<void> {}
