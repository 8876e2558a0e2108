/**
 * Vitest global setup of the server project: builds the run's migrated template (template.ts) once,
 * before any test file starts, hands its location to the files (`inject`), and removes it at the end.
 * Only the kind this run uses: PostgreSQL when TEST_DB=pg and TEST_DATABASE_URL are set, else PGlite.
 */
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPgTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the PGlite template's tar file ('' when this run is on PostgreSQL) */
    pgliteTemplate: string;
    /** the PostgreSQL template database's name ('' when this run is on PGlite) */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DB === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
  const t0 = Date.now();
  if (adminUrl) {
    const template = await buildPgTemplate(adminUrl);
    project.provide('pgTemplate', template.name);
    project.provide('pgliteTemplate', '');
    console.log(`server tests: PostgreSQL template ${template.name} built in ${Date.now() - t0} ms`);
    return () => template.remove();
  }
  const template = await buildPgliteTemplate();
  project.provide('pgliteTemplate', template.file);
  project.provide('pgTemplate', '');
  console.log(`server tests: PGlite template built in ${Date.now() - t0} ms`);
  return () => template.remove();
}
