// A Vitest reporter for scripts/test.ts: every test file's seconds and project, written as JSON to the file
// FILE_TIMES_JSON names. Vitest's JSON report times a file from its first test's start to its last test's end,
// which leaves out the import and the beforeAll hooks (a file's database, a real server's start) and cannot
// tell the pglite run of a file from its postgres run.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  project: string;
  file: string;
  seconds: number;
}

export default class FileTimes implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]) {
    const out = process.env.FILE_TIMES_JSON;
    if (!out) return;
    const times: FileTime[] = modules.map((m) => {
      const d = m.diagnostic();
      // As Vitest's own summary adds a file's phases up (the module loading is part of setup and collect).
      const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return { project: m.project.name, file: m.relativeModuleId, seconds: ms / 1000 };
    });
    writeFileSync(out, JSON.stringify(times));
  }
}
