import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { createPostgresDatabase } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty database on the PostgreSQL server (test/helper.ts copies it for each file). */
    postgresTemplate: string;
  }
}

/**
 * Global setup of the postgres project: one database migrated as the app migrates it, so that each test
 * file's database is a copy of it (CREATE DATABASE … TEMPLATE) instead of a run of every migration. Nothing
 * stays connected to it: PostgreSQL copies a template only while no session uses it.
 */
export default async function setup(project: TestProject) {
  const template = await createPostgresDatabase();
  const database = await openDatabase({ url: template.url, pgliteDir: 'memory://' });
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
  return () => template.drop();
}
