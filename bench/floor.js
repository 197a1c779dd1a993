// The floor: a bare Node 24 process that sends the action's first request (create a job) and exits,
// written the ordinary way: `import { request } from 'node:http'`. It reads the same INPUT_ variables
// the action reads, so both start with one environment. Its peak RSS, about 60 MB, is the floor
// issue 6 describes. Note that this plain import costs far more than the request: Node builds the ES
// module namespace of node:http by reading every export, and the lazy `WebSocket` getter among them
// loads Node's built-in undici. bench/floor-minimal.js avoids that.
import { request } from 'node:http';

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
