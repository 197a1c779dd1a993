// The floor: bare Node 24 sending the action's first request (create a job) with node:http; CommonJS as dist/ is.
'use strict';
const { request } = require('node:http');

const env = process.env;
const body = JSON.stringify({ prompt: env.INPUT_PROMPT });
const url = `${env['INPUT_BASE-URL']}/v2/agent/${encodeURIComponent(env['INPUT_PROJECT-ID'] ?? '')}/job`;
const headers = {
  Authorization: `Bearer ${env['INPUT_API-KEY']}`,
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'Content-Length': Buffer.byteLength(body),
};
request(url, { method: 'POST', headers }, (res) => {
  res.resume();
  res.on('end', () => (process.exitCode = res.statusCode === 201 ? 0 : 1));
}).end(body);
