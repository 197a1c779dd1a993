#!/usr/bin/env bash
# Any CI system (Jenkins, Buildkite, CircleCI, a cron job): ask the Documentation Agent for a
# change and branch on the outcome by the exit code (docs/cli.md). Needs DOCS_AGENT_API_KEY,
# DOCS_AGENT_PROJECT_ID and DOCS_AGENT_BASE_URL in the environment, from your CI's secrets.
# __tests__/cli.test.ts runs this script against the emulator.
set -uo pipefail

prompt="${1:-Document the changes of the last release}"
npx docs-agent run "$prompt" --timeout 30m --json > docs-agent.json
code=$?
cat docs-agent.json
case $code in
  0) echo "The agent is done." ;;
  1) echo "The job failed or was archived." >&2; exit 1 ;;
  3) echo "Still running: follow it with 'npx docs-agent status <job-id> --wait'." ;;
  *) echo "docs-agent exited with $code (2: a setting is wrong, 4: the service could not be reached)." >&2; exit "$code" ;;
esac
