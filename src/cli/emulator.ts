// `docs-agent emulator`: the offline service (emulator/offline.ts: the agent's jobs and the
// assistant behind one address) for trying every command without an account. It is loaded only by
// this command: the bundle keeps it in a chunk of its own (scripts/bundle.ts), so `run` and `ask`
// never read it. Serves until Ctrl-C.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Io } from './display.ts';
import { EXIT } from './exit.ts';

export interface EmulatorFlags {
  port: number;
  durationMs: number | undefined;
}

export async function runEmulator(flags: EmulatorFlags, io: Io, signal: AbortSignal): Promise<number> {
  const offline = await import('../../emulator/offline.ts');
  let service;
  try {
    service = await offline.startOfflineService({
      port: flags.port,
      ...bundledFixtures(),
      ...(flags.durationMs === undefined ? {} : { job: { durationMs: flags.durationMs } }),
    });
  } catch (error) {
    io.stderr.write(
      `docs-agent: cannot start the emulator: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return EXIT.unreachable;
  }
  // The emulator's own keys: made up, accepted only by it, and printed for that reason.
  io.stdout.write(
    [
      `Docs agent emulator (offline) listening on ${service.url}`,
      '',
      'Try every command against it with:',
      `  export DOCS_AGENT_BASE_URL=${service.url}`,
      `  export DOCS_AGENT_API_KEY=${offline.OFFLINE_API_KEY}`,
      `  export DOCS_AGENT_PROJECT_ID=${offline.OFFLINE_PROJECT_ID}`,
      `  export DOCS_ASSISTANT_KEY=${offline.OFFLINE_ASSISTANT_KEY}`,
      `  export DOCS_ASSISTANT_DOMAIN=${offline.OFFLINE_DOMAIN}`,
      '',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await service.close();
  return EXIT.done;
}

/**
 * The assistant's documentation pages: the bundle ships them in dist/cli/fixtures/, beside its
 * entry (scripts/bundle.ts); run from the sources, the emulator finds its own.
 */
function bundledFixtures(): { fixtures?: string } {
  try {
    const beside = join(dirname(realpathSync(process.argv[1] ?? '')), 'fixtures');
    return existsSync(beside) ? { fixtures: beside } : {};
  } catch {
    return {};
  }
}
