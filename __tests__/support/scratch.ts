/**
 * Temporary directories for a test file (an event payload, a runner file, a job's working
 * directory), removed once its tests have run: none outlives its test file, and the temporary
 * directory does not fill up run after run (tens of thousands of entries made mkdtemp slow).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A new directory under the temporary directory, named `prefix` and six random characters. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

// Registered when a test file imports this module: it runs after all of that file's tests.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
