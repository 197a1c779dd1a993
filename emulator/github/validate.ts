// Judges a request the way GitHub's OpenAPI description does: route, path and query parameter
// types, and the JSON body against the operation's requestBody schema (ajv).
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { matchRoute } from './openapi.ts';
import type { Operation, Param, Schema } from './openapi.ts';

type Verdict =
  | { ok: true; op: Operation; params: Record<string, string> }
  | { ok: false; status: number; message: string; violation: string };

// Formats are ignored on purpose: GitHub's descriptions use formats ajv does not know, and the
// server itself is lenient about them (it parses dates, it does not reject 'uri' strings). The
// schemas are not checked against JSON Schema's own meta-schema: they are GitHub's, rewritten by
// toJsonSchema below, and that check compiled the meta-schema again in every test file (about
// 45 ms each) to find nothing.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true, validateSchema: false });
const compiled = new WeakMap<Schema, ValidateFunction>();

export function validateRequest(method: string, path: string, query: URLSearchParams, rawBody: string): Verdict {
  const where = `${method} ${path}`;
  const match = matchRoute(method, path);
  if (match.kind === 'no-route') return reject(404, 'Not Found', `${where}: no such route in GitHub's REST API`);
  if (match.kind === 'no-method') {
    return reject(404, 'Not Found', `${where}: ${match.template} has no ${method} operation`);
  }
  const { op, params } = match;
  const label = `${op.key} (${path})`;
  for (const param of op.pathParams) {
    const problem = checkParam(param, params[param.name]);
    // GitHub routes on these, so a malformed one is simply a page that does not exist.
    if (problem) return reject(404, 'Not Found', `${label}: path parameter ${problem}`);
  }
  for (const param of op.queryParams) {
    const problem = checkParam(param, query.get(param.name) ?? undefined);
    if (problem) return reject(422, 'Invalid request.', `${label}: query parameter ${problem}`);
  }
  if (op.body === undefined) return { ok: true, op, params };
  if (rawBody.trim() === '') {
    if (!op.body.required) return { ok: true, op, params };
    return reject(422, 'Invalid request.\n\nA request body is required.', `${label}: missing request body`);
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return reject(400, 'Problems parsing JSON', `${label}: request body is not JSON`);
  }
  const errors = schemaErrors(op.body.schema, body, 'request');
  if (errors) return reject(422, `Invalid request.\n\n${errors}`, `${label}: ${errors}`);
  return { ok: true, op, params };
}

function reject(status: number, message: string, violation: string): Verdict {
  return { ok: false, status, message, violation };
}

function checkParam(param: Param, value: string | undefined): string | undefined {
  if (value === undefined) return param.required ? `${param.name} is required` : undefined;
  const { type, enum: allowed, pattern } = param.schema;
  if (type === 'integer' && !/^\d+$/.test(value)) return `${param.name} must be an integer, got '${value}'`;
  if (type === 'boolean' && value !== 'true' && value !== 'false') {
    return `${param.name} must be true or false, got '${value}'`;
  }
  if (Array.isArray(allowed) && !allowed.includes(value)) {
    return `${param.name} must be one of ${allowed.join(', ')}, got '${value}'`;
  }
  if (typeof pattern === 'string' && !new RegExp(pattern).test(value)) {
    return `${param.name} must match ${pattern}, got '${value}'`;
  }
  return undefined;
}

/** One-line description of why data fails schema, or undefined when it conforms. */
export function schemaErrors(schema: Schema, data: unknown, name: string): string | undefined {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(toJsonSchema(schema) as Schema);
    compiled.set(schema, validate);
  }
  if (validate(data)) return undefined;
  return ajv.errorsText(validate.errors, { dataVar: name, separator: '; ' });
}

/**
 * OpenAPI 3.0 'nullable' is not JSON Schema. Ajv understands it only next to 'type', and GitHub
 * also puts it on allOf/anyOf/enum schemas, so rewrite those into an explicit null alternative.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // 'properties' maps names to schemas; a property called 'nullable' must survive.
    out[key] =
      key === 'properties' || key === 'example' || key === 'examples' ? mapValues(key, value) : toJsonSchema(value);
  }
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

function mapValues(key: string, value: unknown): unknown {
  if (key !== 'properties' || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema)]));
}
