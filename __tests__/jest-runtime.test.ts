/**
 * jest.runtime.cjs compiles each CommonJS module once per worker and runs the kept script in every
 * test file's own context. A dynamic import() in such a module must still load into the test file
 * running now, as jest's own scripts do, not into the worker's realm.
 */
import { load } from './fixtures/dynamic-import.cjs';

test("a CommonJS module's dynamic import() loads into this test file's realm", async () => {
  const { realm } = await load();
  expect(realm).toBe(globalThis);
});
