// The minimal floor: the same request with node:http taken from process.getBuiltinModule (no import,
// so none of node:http's lazy exports are touched; the ncc bundle likewise gets its built-ins through
// require). Nothing cheaper sends the request. In the start-up breakdown runs it also writes a
// timeline to BENCH_TIMELINE_FILE.
const scriptStart = performance.now();
const { request } = process.getBuiltinModule('node:http');
const env = process.env;
const base = (env['INPUT_BASE-URL'] ?? '').replace(/\/+$/, '');
const body = JSON.stringify({ prompt: env.INPUT_PROMPT });
const headers = {
  Authorization: `Bearer ${env['INPUT_API-KEY']}`,
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'Content-Length': Buffer.byteLength(body),
};
const req = request(
  `${base}/v2/agent/${encodeURIComponent(env['INPUT_PROJECT-ID'] ?? '')}/job`,
  { method: 'POST', headers },
  (res) => {
    res.resume();
    res.on('end', () => (process.exitCode = res.statusCode === 201 ? 0 : 1));
  },
);
req.on('error', (error) => {
  console.error(error.message);
  process.exitCode = 1;
});
req.end(body);

const timelineFile = env.BENCH_TIMELINE_FILE;
if (timelineFile) {
  const { writeFileSync } = process.getBuiltinModule('node:fs');
  process.on('exit', () => {
    const timeline = {
      timeOrigin: performance.timeOrigin,
      bootstrap: performance.nodeTiming.bootstrapComplete,
      scriptStart,
    };
    writeFileSync(timelineFile, JSON.stringify(timeline));
  });
}
