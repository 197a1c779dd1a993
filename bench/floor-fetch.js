// A second floor: the same request with Node 24's global fetch(), which loads Node's built-in undici.
const env = process.env;
const base = (env['INPUT_BASE-URL'] ?? '').replace(/\/+$/, '');
const response = await fetch(`${base}/v2/agent/${encodeURIComponent(env['INPUT_PROJECT-ID'] ?? '')}/job`, {
  method: 'POST',
  headers: {
    Authorization: `Bearer ${env['INPUT_API-KEY']}`,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  },
  body: JSON.stringify({ prompt: env.INPUT_PROMPT }),
});
await response.text();
process.exitCode = response.status === 201 ? 0 : 1;
