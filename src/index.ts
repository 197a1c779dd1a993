import { run } from './main.ts';

await run();
// Whatever a library left open (a keep-alive socket, a timer) must not keep a finished step
// running until the runner's timeout: exit now if nothing is pending, or a moment from now.
setTimeout(() => process.exit(), 500).unref();
