/** `docs-agent --help`: the commands, flags, environment and exit codes (docs/cli.md says more). */
export const USAGE = `Usage: docs-agent <command> [flags]

Commands:
  run "<prompt>"                  start a job for the Documentation Agent and wait for it
        [--wait | --no-wait] [--timeout 30m] [--json]
  follow-up <job-id> "<prompt>"   send a follow-up to a job and wait for it (same flags)
  status <job-id> [--wait]        show a job; --wait waits for it to end
  jobs [--limit 20] [--json]      the project's recent jobs, newest first: title, state, pull
                                  request, age (the service's deprecated v1 list)
  ask "<question>" [--thread <id>] [--json]
                                  ask the documentation's assistant; the answer streams
  --version                       print the version

The offline service, for trying every command without an account, is a command of its own in
the same package: docs-agent-emulator (--help for its flags).

Settings (a flag, or else its environment variable):
  --api-key        DOCS_AGENT_API_KEY      admin key (svc_...), for run, follow-up, status, jobs
  --project-id     DOCS_AGENT_PROJECT_ID   your project's identifier
  --base-url       DOCS_AGENT_BASE_URL     the service's address (https://)
  --assistant-key  DOCS_ASSISTANT_KEY      assistant key (svc_dsc_...), for ask
  --domain         DOCS_ASSISTANT_DOMAIN   your documentation site's identifier, for ask
  Prefer the environment for keys: a flag's value shows in the process list.

Output: a live line on a terminal; plain lines in CI (CI set) or when piped; --json prints one
JSON object with the action's output names (status, job-id, pr-link, pr-number, title, message;
for ask: status, answer, thread-id, sources), on every exit: when status is not a success,
message says why.

Exit codes:
  0    done: the job completed, a job was started with --no-wait, the answer came whole
  1    the job failed or was archived, or the answer was cut short
  2    input error: a flag, argument or environment variable is wrong; nothing was sent
  3    timed out: --timeout passed while the job still runs (pick it up with status --wait)
  4    the service could not be reached or did not answer usably (network, HTTP error, refused key)
  130  interrupted (Ctrl-C): the job goes on; the command prints how to pick it up
`;
