// The repository's Actions workflows, as far as switching one on and off goes: GitHub's workflow
// object, its `enable` and `disable` (204, idempotent), and the token's `actions` permission that
// both need. Only workflows a test adds exist (a file name GitHub does not know is a 404), and the
// token has `actions: write` until a test takes it away (a 403 as GitHub words it, no rate-limit
// headers). Pure data apart from the routes at the bottom.
import { errorReply, type Reply } from './respond.ts';
import type { RouteRequest } from './routes.ts';

export type WorkflowState = 'active' | 'deleted' | 'disabled_fork' | 'disabled_inactivity' | 'disabled_manually';
export type ActionsPermission = 'none' | 'read' | 'write';

export interface FakeWorkflow {
  id: number;
  /** The file name in .github/workflows, which GitHub takes for the id in paths. */
  file: string;
  state: WorkflowState;
  createdAt: string;
  updatedAt: string;
}

const FIRST_WORKFLOW_ID = 161_335;

export class WorkflowStore {
  #workflows = new Map<string, FakeWorkflow>();
  #nextId = FIRST_WORKFLOW_ID;
  /** What the token may do with Actions: `write` unless a test says otherwise. */
  permission: ActionsPermission = 'write';

  reset(): void {
    this.#workflows.clear();
    this.#nextId = FIRST_WORKFLOW_ID;
    this.permission = 'write';
  }

  add(file: string, state: WorkflowState = 'active'): FakeWorkflow {
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const workflow = { id: this.#nextId++, file, state, createdAt: now, updatedAt: now };
    this.#workflows.set(file, workflow);
    return workflow;
  }

  /** By file name or by numeric id, as GitHub's `workflow_id` takes either. */
  find(idOrFile: string): FakeWorkflow | undefined {
    return this.#workflows.get(idOrFile) ?? [...this.#workflows.values()].find((w) => String(w.id) === idOrFile);
  }
}

function render(req: RouteRequest, workflow: FakeWorkflow): Record<string, unknown> {
  const path = `.github/workflows/${workflow.file}`;
  const web = `${req.bases.web}/${req.store.owner}/${req.store.repo}`;
  return {
    id: workflow.id,
    node_id: `W_kwDO${workflow.id.toString(36)}`,
    name: workflow.file.replace(/\.ya?ml$/, ''),
    path,
    state: workflow.state,
    created_at: workflow.createdAt,
    updated_at: workflow.updatedAt,
    url: `${req.bases.api}/repos/${req.store.owner}/${req.store.repo}/actions/workflows/${workflow.id}`,
    html_url: `${web}/blob/main/${path}`,
    badge_url: `${web}/workflows/${workflow.file}/badge.svg`,
  };
}

/** The workflow a request names when the token may `need` it; otherwise GitHub's refusal or 404. */
function reach(req: RouteRequest, need: 'read' | 'write'): FakeWorkflow | Reply {
  const { permission } = req.store.workflows;
  if (permission === 'none' || (need === 'write' && permission === 'read')) return errorReply(403);
  return req.store.workflows.find(req.params.workflow_id ?? '') ?? errorReply(404);
}

function switchTo(state: 'active' | 'disabled_manually') {
  return (req: RouteRequest): Reply => {
    const workflow = reach(req, 'write');
    if ('status' in workflow) return workflow;
    workflow.state = state;
    workflow.updatedAt = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    return { status: 204 };
  };
}

const WORKFLOW = '/repos/{owner}/{repo}/actions/workflows/{workflow_id}';

export const workflowRoutes: Record<string, (req: RouteRequest) => Reply> = {
  [`GET ${WORKFLOW}`]: (req) => {
    const workflow = reach(req, 'read');
    return 'status' in workflow ? workflow : { status: 200, body: render(req, workflow) };
  },
  [`PUT ${WORKFLOW}/enable`]: switchTo('active'),
  [`PUT ${WORKFLOW}/disable`]: switchTo('disabled_manually'),
};
