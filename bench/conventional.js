// A conventional action as the toolkit's templates write one (@actions/core and @actions/github at the top,
// one request with @actions/http-client); bench/startup.ts bundles it with ncc from our node_modules.
import * as core from '@actions/core';
import * as github from '@actions/github';
import { HttpClient } from '@actions/http-client';

async function run() {
  try {
    const apiKey = core.getInput('api-key', { required: true });
    core.setSecret(apiKey);
    core.debug(`${github.context.eventName} in ${github.context.repo.owner}/${github.context.repo.repo}`);
    const client = new HttpClient('conventional-action', [], { headers: { Authorization: `Bearer ${apiKey}` } });
    const url = `${core.getInput('base-url')}/v2/agent/${encodeURIComponent(core.getInput('project-id'))}/job`;
    const res = await client.postJson(url, { prompt: core.getInput('prompt') });
    if (res.statusCode !== 201) throw new Error(`HTTP ${res.statusCode}`);
    core.setOutput('job-id', String(res.result?.id ?? ''));
  } catch (error) {
    core.setFailed(error.message);
  }
}

run();
