import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../types';

// Routes of the product domain (spec §7); filled in by its issue.
export const productRoutes: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
