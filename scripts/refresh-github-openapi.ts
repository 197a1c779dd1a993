// `npm run github-openapi [-- --spec FILE] [--version X]`: rewrites
// emulator/github/openapi-extract.json, the part of GitHub's OpenAPI description that the fake
// GitHub (emulator/github/) checks requests against. The whole description (@octokit/openapi) is
// 385 MB installed, so it is not a dependency: this script takes it from the registry once, into a
// temporary folder (`npm pack @octokit/openapi@X`, the package alone), or from `--spec`, a local
// copy of its generated/api.github.com.json, and keeps
//   - every path of GitHub's REST API with its methods, and nothing more of them: the fake tells a
//     route GitHub does not have (404) from one it has but does not serve (501);
//   - for each operation in OPERATIONS: its parameters, its JSON request body and its 2xx JSON
//     responses, without descriptions and examples;
//   - the component schemas those reference, transitively.
// To serve a new endpoint, add its line to OPERATIONS and run this script.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The operations the fake GitHub serves or may serve, as 'METHOD /template' (GitHub's templates). */
export const OPERATIONS = [
  'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
  'GET /repos/{owner}/{repo}/issues',
  'GET /repos/{owner}/{repo}/issues/{issue_number}',
  'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
  'GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
  'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
  'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions/{reaction_id}',
  'GET /repos/{owner}/{repo}/issues/{issue_number}/reactions',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/reactions',
  'DELETE /repos/{owner}/{repo}/issues/{issue_number}/reactions/{reaction_id}',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
  'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}',
  'PATCH /repos/{owner}/{repo}/pulls/{pull_number}',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/commits',
  'GET /repos/{owner}/{repo}/compare/{basehead}',
  // What `compare/a...b` routes to: GitHub's description keeps the older template beside {basehead}.
  'GET /repos/{owner}/{repo}/compare/{base}...{head}',
  'POST /repos/{owner}/{repo}/statuses/{sha}',
  'GET /repos/{owner}/{repo}/commits/{ref}/statuses',
  'GET /repos/{owner}/{repo}/commits/{ref}/status',
  'POST /repos/{owner}/{repo}/check-runs',
  'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}',
  'GET /repos/{owner}/{repo}/commits/{ref}/check-runs',
  'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}',
  'PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/enable',
  'PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable',
];

/**
 * GitHub's GraphQL endpoint, which the REST description leaves out: described here from GitHub's
 * GraphQL documentation (a JSON body with `query`, and `variables` and `operationName` when used).
 */
const GRAPHQL = {
  post: {
    parameters: [],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['query'],
            properties: {
              query: { type: 'string' },
              variables: { type: 'object', nullable: true },
              operationName: { type: 'string', nullable: true },
            },
          },
        },
      },
    },
    responses: {
      '200': {
        content: {
          'application/json': {
            schema: { type: 'object', properties: { data: { nullable: true }, errors: { type: 'array' } } },
          },
        },
      },
    },
  },
};

export const EXTRACT = fileURLToPath(new URL('../emulator/github/openapi-extract.json', import.meta.url));
const PACKAGE = '@octokit/openapi';
/** The release the committed extract was made from; `--version` takes another. */
const DEFAULT_VERSION = '23.0.2';
const SPEC_IN_PACKAGE = 'generated/api.github.com.json';
const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options']);
/** Words for people, not for checking a request: left out of every schema. */
const PROSE = new Set(['description', 'summary', 'example', 'examples', 'externalDocs', 'title']);

type Json = Record<string, unknown>;
export interface Spec {
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

/** A reference within the document, '#/components/<kind>/<name>', resolved. */
function resolve(spec: Spec, node: unknown): unknown {
  const ref = (node as { $ref?: unknown } | null)?.$ref;
  if (typeof ref !== 'string') return node;
  const [, , kind = '', name = ''] = ref.split('/');
  const target = spec.components[kind]?.[name];
  if (target === undefined) throw new Error(`${ref} is not in the description`);
  return resolve(spec, target);
}

/** A schema without prose; '$ref's to schemas stay, and are collected into `schemas`. */
function schemaOf(spec: Spec, node: unknown, schemas: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => schemaOf(spec, item, schemas));
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    if (name === ref) return schemaOf(spec, resolve(spec, node), schemas);
    schemas.add(name);
    return { $ref: ref };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (PROSE.has(key)) continue;
    // 'properties' maps property names (which may be 'description') to schemas.
    out[key] =
      key === 'properties' && value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value as Json).map(([name, sub]) => [name, schemaOf(spec, sub, schemas)]))
        : schemaOf(spec, value, schemas);
  }
  return out;
}

function jsonSchema(spec: Spec, content: unknown, schemas: Set<string>): Json | undefined {
  const schema = (content as Record<string, { schema?: unknown }> | undefined)?.['application/json']?.schema;
  return schema === undefined ? undefined : { 'application/json': { schema: schemaOf(spec, schema, schemas) } };
}

/** What the fake reads of one operation: parameters, the JSON body, 2xx JSON answers. */
function operationOf(spec: Spec, raw: Json, schemas: Set<string>): Json {
  const parameters = ((raw.parameters ?? []) as unknown[]).map((p) => {
    const param = resolve(spec, p) as { name: string; in: string; required?: boolean; schema?: unknown };
    return {
      name: param.name,
      in: param.in,
      ...(param.required ? { required: true } : {}),
      schema: schemaOf(spec, param.schema ?? {}, schemas),
    };
  });
  const body = resolve(spec, raw.requestBody) as { required?: boolean; content?: unknown } | undefined;
  const bodyContent = body && jsonSchema(spec, body.content, schemas);
  const responses: Json = {};
  for (const [status, response] of Object.entries((raw.responses ?? {}) as Json)) {
    if (!status.startsWith('2')) continue;
    const content = jsonSchema(spec, (resolve(spec, response) as { content?: unknown }).content, schemas);
    responses[status] = content ? { content } : {};
  }
  return {
    parameters,
    ...(bodyContent ? { requestBody: { ...(body?.required ? { required: true } : {}), content: bodyContent } } : {}),
    responses,
  };
}

export function extract(spec: Spec, source: string, operations: readonly string[] = OPERATIONS): Json {
  const wanted = new Set(operations);
  const schemas = new Set<string>();
  const paths: Record<string, Json> = {};
  for (const [template, item] of Object.entries(spec.paths)) {
    const methods: Json = {};
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const key = `${method.toUpperCase()} ${template}`;
      methods[method] = wanted.delete(key) ? operationOf(spec, raw as Json, schemas) : {};
    }
    paths[template] = methods;
  }
  paths['/graphql'] = GRAPHQL;
  if (wanted.size > 0) throw new Error(`Not in GitHub's description: ${[...wanted].join(', ')}`);
  // Schemas reference others: collect until no new name turns up.
  const components: Record<string, unknown> = {};
  for (let pending = [...schemas]; pending.length > 0;) {
    const found = new Set<string>();
    for (const name of pending) components[name] = schemaOf(spec, spec.components.schemas?.[name], found);
    pending = [...found].filter((name) => !(name in components));
  }
  const sorted = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
  return {
    source,
    note: 'Made by scripts/refresh-github-openapi.ts; run it rather than editing this file.',
    paths,
    components: { schemas: sorted },
  };
}

/** generated/api.github.com.json of `version`, fetched with `npm pack` into a temporary folder. */
function fetchSpec(version: string): { text: string; source: string } {
  const dir = mkdtempSync(join(tmpdir(), 'github-openapi-'));
  try {
    execFileSync('npm', ['pack', `${PACKAGE}@${version}`, '--silent'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${PACKAGE}@${version} wrote no tarball`);
    execFileSync('tar', ['-xzf', tarball, `package/${SPEC_IN_PACKAGE}`], { cwd: dir });
    return {
      text: readFileSync(join(dir, 'package', SPEC_IN_PACKAGE), 'utf8'),
      source: `${PACKAGE}@${version} ${SPEC_IN_PACKAGE}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Names a local copy by its package's version when it sits in the package, as in node_modules. */
function localSource(file: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(dirname(file), '..', 'package.json'), 'utf8')) as Json;
    if (pkg.name === PACKAGE) return `${PACKAGE}@${String(pkg.version)} ${SPEC_IN_PACKAGE}`;
  } catch {
    // Not inside the package: named by its file name alone.
  }
  return basename(file);
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { spec: { type: 'string' }, version: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(
      'npm run github-openapi [-- --spec FILE] [--version X]: rewrite emulator/github/openapi-extract.json\n' +
        `from @octokit/openapi (default version ${DEFAULT_VERSION}, fetched with npm pack) or from FILE,\n` +
        'a copy of its generated/api.github.com.json. Add an operation to OPERATIONS first to serve it.',
    );
  } else {
    const { text, source } = values.spec
      ? { text: readFileSync(values.spec, 'utf8'), source: localSource(values.spec) }
      : fetchSpec(values.version ?? DEFAULT_VERSION);
    const spec = JSON.parse(text) as Spec;
    // Formatted as `npm run format:check` wants it, which also keeps a refresh's diff readable.
    const prettier = await import('prettier');
    writeFileSync(
      EXTRACT,
      await prettier.format(JSON.stringify(extract(spec, source)), {
        ...(await prettier.resolveConfig(EXTRACT)),
        filepath: EXTRACT,
      }),
    );
    const kib = (readFileSync(EXTRACT).length / 1024).toFixed(0);
    console.log(`Wrote ${EXTRACT}: ${OPERATIONS.length} operations and GraphQL, ${kib} KiB.`);
  }
}
