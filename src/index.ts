import { run } from './main.ts';

// Not a top-level await: dist/index.js is CommonJS (scripts/bundle.ts), which starts faster.
void run().then(() => {
  // Whatever a library left open (a keep-alive socket, a timer) must not keep a finished step
  // running until the runner's timeout: exit now if nothing is pending, or a moment from now.
  setTimeout(() => process.exit(), 500).unref();
});
