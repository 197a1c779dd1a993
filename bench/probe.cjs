// Preloaded (--require) into every process measured; at exit it writes to BENCH_PROBE_FILE `kib`, the
// peak RSS (VmHWM: this program's alone, where getrusage's maxRSS keeps the parent's from before exec),
// and `cpuMs`, the CPU time (all threads) until the first TCP connection, the first request's.
'use strict';
const file = process.env.BENCH_PROBE_FILE;
if (file) {
  let cpuMs = NaN;
  const first = () => {
    const { user, system } = process.cpuUsage();
    cpuMs = (user + system) / 1000;
    require('node:diagnostics_channel').unsubscribe('net.client.socket', first);
  };
  require('node:diagnostics_channel').subscribe('net.client.socket', first);
  process.on('exit', () => {
    const fs = require('node:fs');
    const status = fs.existsSync('/proc/self/status') ? fs.readFileSync('/proc/self/status', 'utf8') : '';
    const kib = Number(/VmHWM:\s*(\d+)/.exec(status)?.[1] ?? process.resourceUsage().maxRSS);
    fs.writeFileSync(file, JSON.stringify({ kib, cpuMs }));
  });
}
