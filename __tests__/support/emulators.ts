/**
 * The emulators the tests run the action against, as jest.environment.js hosts them: loaded once
 * per jest worker, outside jest's module registry, instead of anew for every test file (about 0.4 s
 * of CPU per file, and their code then runs cold). Each call still starts servers of the file's own.
 *
 * Test files that use the emulators import them from here. The tests of the emulators themselves
 * (emulator.test.ts, fake-github.test.ts and the like) import emulator/ directly, as any module.
 * What comes from here is made in the worker's own realm: compare it with toEqual (which ignores
 * realms), not toStrictEqual or toBeInstanceOf, whose checks of constructors tell realms apart.
 */
import type * as Agent from '../../emulator/index.ts';
import type * as GitHub from '../../emulator/github/index.ts';
import type * as Assistant from '../../emulator/assistant/index.ts';
import type * as Offline from '../../emulator/offline.ts';

export type { Emulator, FaultRule, RecordedRequest } from '../../emulator/index.ts';
export type { FakeGitHub } from '../../emulator/github/index.ts';
export type { AssistantEmulator } from '../../emulator/assistant/index.ts';
export type { OfflineService } from '../../emulator/offline.ts';

type Hosted = typeof Agent & typeof GitHub & typeof Assistant & typeof Offline;

const load = (globalThis as { [key: symbol]: (() => Promise<Hosted>) | undefined })[
  Symbol.for('docs-agent-action.emulators')
];
if (load === undefined)
  throw new Error('No emulators: run the tests with jest.config.js, whose testEnvironment hosts them');
const hosted = await load();

export const {
  startEmulator,
  startFakeGitHub,
  startAssistantEmulator,
  startOfflineService,
  ASSISTANT_KEY,
  DOMAIN,
  OFFLINE_API_KEY,
  OFFLINE_PROJECT_ID,
} = hosted;
