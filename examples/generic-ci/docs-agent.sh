#!/usr/bin/env bash
# Any CI system (Jenkins, Buildkite, CircleCI, a cron job): ask the Documentation Agent for a
# change and branch on the outcome by the exit code (docs/cli.md). Needs DOCS_AGENT_API_KEY,
# DOCS_AGENT_PROJECT_ID and DOCS_AGENT_BASE_URL in the environment, from your CI's secrets.
#
# The command comes from the action's own repository at one commit, which only that repository's
# owner can answer for: replace acme/docs-agent-action with the repository you use and
# <full-commit-sha> with the full 40-character SHA of a commit of it you have reviewed (docs/cli.md,
# "Install"). DOCS_AGENT_PACKAGE overrides the whole line; __tests__/cli.test.ts points it at a
# local build and runs this script as it is.
set -uo pipefail

package="${DOCS_AGENT_PACKAGE:-github:acme/docs-agent-action#<full-commit-sha>}"
docs_agent() { npm exec --yes --package="$package" -- docs-agent "$@"; }

# npm fetches and installs the command first: a failure here is npm's (no such repository or
# commit, no network), not the agent's, and is said so. Exit 5 is not one of docs-agent's codes.
if ! version=$(docs_agent --version); then
  echo "Could not install the docs-agent command from '$package': npm's error is above." >&2
  exit 5
fi
echo "Using $version"

prompt="${1:-Document the changes of the last release}"
docs_agent run "$prompt" --timeout 30m --json > docs-agent.json
code=$?
cat docs-agent.json
case $code in
  0) echo "The agent is done." ;;
  1) echo "The job failed or was archived." >&2; exit 1 ;;
  3) echo "Still running: follow it with 'npm exec --yes --package=$package -- docs-agent status <job-id> --wait'." ;;
  *) echo "docs-agent exited with $code (2: a setting is wrong, 4: the service could not be reached)." >&2; exit "$code" ;;
esac
