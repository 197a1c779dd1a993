import type { Logger } from '../base/log.ts';

/**
 * On cancel or a step timeout the runner sends SIGINT, then SIGTERM 7.5 s later, then kills the
 * process tree 2.5 s after that. Node would die at once; instead the run is told to stop waiting
 * and report (outputs, summary, the progress comment), which takes well under the 7.5 s. Should
 * reporting hang, the process exits after `graceMs` anyway, and the post step finishes the comment.
 */
export function watchForCancel(log: Logger, graceMs = 5_000): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals): void => {
    if (controller.signal.aborted) return;
    log.info(`Received ${name}: reporting what is known and stopping. A job that exists continues on the service.`);
    controller.abort();
    setTimeout(() => process.exit(1), graceMs).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
