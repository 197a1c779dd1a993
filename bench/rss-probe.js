// Preloaded with --import in the memory runs: writes the process's peak resident set size (KiB, as
// getrusage reports it on Linux) to BENCH_RSS_FILE when the process exits. Loaded the same way into
// the floor and the action, so its own small cost cancels out of the difference.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
