// GitHub's OpenAPI description, reduced to what request matching and validation need. It is read
// from openapi-extract.json, every path of GitHub's REST API with its methods, and the parameters,
// bodies and 2xx answers of the operations the fake serves, made from @octokit/openapi by
// scripts/refresh-github-openapi.ts (the whole package is 385 MB installed). Parsed once per process.
import { readFileSync } from 'node:fs';

export type Schema = Record<string, unknown>;

export interface Param {
  name: string;
  required: boolean;
  schema: Schema;
}

type Segment =
  | { kind: 'literal'; text: string }
  | { kind: 'param'; name: string }
  // Only '{base}...{head}' mixes text and parameters inside one segment today.
  | { kind: 'pattern'; regex: RegExp; names: string[] };

export interface Operation {
  /** 'METHOD /template', the key used by routes and failNext. */
  key: string;
  pathParams: Param[];
  queryParams: Param[];
  /** Present when the operation declares an application/json request body. */
  body?: { required: boolean; schema: Schema };
  /** 2xx JSON response schemas, kept only for operations the fake implements (for self-checks). */
  responses: Map<number, Schema>;
}

export interface PathEntry {
  template: string;
  segments: Segment[];
  methods: Map<string, Operation>;
}

type Match =
  | { kind: 'ok'; op: Operation; params: Record<string, string> }
  | { kind: 'no-route' }
  | { kind: 'no-method'; template: string };

const EXTRACT = new URL('openapi-extract.json', import.meta.url);
const SLASHED_PARAMS = new Set(['path', 'ref', 'branch']);
const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options']);

let table: PathEntry[] | undefined;
let keepResponsesFor: ReadonlySet<string> = new Set();

/** Declares which operations' response schemas survive the slimming; call before the first load. */
export function retainResponseSchemas(keys: Iterable<string>): void {
  if (table === undefined) keepResponsesFor = new Set(keys);
}

export function loadSpec(): PathEntry[] {
  if (table !== undefined) return table;
  const doc = JSON.parse(readFileSync(EXTRACT, 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
    components: { schemas: Record<string, unknown> };
  };
  const resolved = dereference(doc.paths, doc.components.schemas) as typeof doc.paths;
  table = Object.entries(resolved).map(([template, item]) => slimPath(template, item));
  return table;
}

/**
 * The extract keeps GitHub's `$ref`s to its component schemas (validate.ts compiles plain schemas):
 * each is replaced by the schema it names, resolved once and shared by every use.
 */
function dereference(node: unknown, schemas: Record<string, unknown>, seen = new Map<string, unknown>()): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(item, schemas, seen));
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    if (seen.has(name)) {
      const done = seen.get(name);
      // A schema that contains itself would make validation recurse forever.
      if (done === undefined) throw new Error(`openapi-extract.json: ${ref} refers to itself`);
      return done;
    }
    if (!(name in schemas))
      throw new Error(`openapi-extract.json: ${ref} is missing; run scripts/refresh-github-openapi.ts`);
    seen.set(name, undefined);
    const resolved = dereference(schemas[name], schemas, seen);
    seen.set(name, resolved);
    return resolved;
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, dereference(value, schemas, seen)]));
}

function slimPath(template: string, item: Record<string, unknown>): PathEntry {
  const methods = new Map<string, Operation>();
  for (const [method, raw] of Object.entries(item)) {
    if (!METHODS.has(method)) continue;
    const op = raw as {
      parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
      requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
      responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
    };
    const params = (where: string): Param[] =>
      (op.parameters ?? [])
        .filter((p) => p.in === where)
        .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
    const key = `${method.toUpperCase()} ${template}`;
    const jsonBody = op.requestBody?.content?.['application/json']?.schema;
    const responses = new Map<number, Schema>();
    if (keepResponsesFor.has(key)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (schema !== undefined && status.startsWith('2')) responses.set(Number(status), schema);
      }
    }
    methods.set(method.toUpperCase(), {
      key,
      pathParams: params('path'),
      queryParams: params('query'),
      ...(jsonBody ? { body: { required: op.requestBody?.required === true, schema: jsonBody } } : {}),
      responses,
    });
  }
  return { template, segments: template.split('/').slice(1).map(toSegment), methods };
}

function toSegment(text: string): Segment {
  const whole = /^\{([^}]+)\}$/.exec(text);
  if (whole?.[1] !== undefined) return { kind: 'param', name: whole[1] };
  if (!text.includes('{')) return { kind: 'literal', text };
  const names: string[] = [];
  const source = text.replace(/\{([^}]+)\}|[^{]+/g, (part, name: string | undefined) => {
    if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    names.push(name);
    return '(.+?)';
  });
  return { kind: 'pattern', regex: new RegExp(`^${source}$`), names };
}

/** Every operation by its key ('METHOD /template'), made on first use. */
let operations: Map<string, Operation> | undefined;

/** The operation of a key ('METHOD /template'), as loadSpec() describes it. */
export function operation(key: string): Operation | undefined {
  operations ??= new Map(loadSpec().flatMap((entry) => [...entry.methods.values()].map((op) => [op.key, op])));
  return operations.get(key);
}

/** The templates by their number of segments and first segment (candidateKey). */
let candidates: Map<string, PathEntry[]> | undefined;
/** Templates whose trailing parameter may span several segments (contents/{path}, git/ref/{ref}). */
let spanning: PathEntry[] = [];

/**
 * The templates a path could match: those of its length that start with its first segment (every
 * template GitHub has starts with a literal), and those whose trailing parameter spans the rest.
 * A request is tried against a few dozen templates instead of all 800.
 */
function candidatesFor(parts: string[]): PathEntry[] {
  if (candidates === undefined) {
    candidates = new Map();
    for (const entry of loadSpec()) {
      const key = candidateKey(entry.segments.length, entry.segments[0]);
      const same = candidates.get(key);
      if (same) same.push(entry);
      else candidates.set(key, [entry]);
    }
    spanning = loadSpec().filter((entry) => {
      const last = entry.segments[entry.segments.length - 1];
      return last?.kind === 'param' && SLASHED_PARAMS.has(last.name);
    });
  }
  const exact = candidates.get(candidateKey(parts.length, { kind: 'literal', text: parts[0] ?? '' })) ?? [];
  // A template that does not start with a literal (none does today) is tried for every path.
  const open = candidates.get(candidateKey(parts.length, undefined)) ?? [];
  return [...exact, ...open, ...spanning.filter((entry) => entry.segments.length < parts.length)];
}

function candidateKey(length: number, first: Segment | undefined): string {
  return `${length} ${first?.kind === 'literal' ? first.text : '{}'}`;
}

/** A path's template and its parameters as matched, or null: requests repeat the same few paths. */
const resolved = new Map<string, { entry: PathEntry; params: Record<string, string> } | null>();
/** How many paths `resolved` keeps before it starts over. */
const MAX_RESOLVED = 2_000;

/**
 * Finds the path template GitHub would route to. Literal segments beat parameters at the first
 * position where candidates differ, which is how '/issues/comments' wins over '/issues/{issue_number}'.
 */
export function matchRoute(method: string, path: string): Match {
  let best = resolved.get(path);
  if (best === undefined) {
    best = bestTemplate(path.split('/').slice(1)) ?? null;
    if (resolved.size >= MAX_RESOLVED) resolved.clear();
    resolved.set(path, best);
  }
  if (best === null) return { kind: 'no-route' };
  const op = best.entry.methods.get(method);
  if (op === undefined) return { kind: 'no-method', template: best.entry.template };
  return { kind: 'ok', op, params: { ...best.params } };
}

function bestTemplate(parts: string[]): { entry: PathEntry; params: Record<string, string> } | undefined {
  let best: { entry: PathEntry; rank: string; params: Record<string, string> } | undefined;
  for (const entry of candidatesFor(parts)) {
    const found = matchSegments(entry.segments, parts);
    if (found !== undefined && (best === undefined || found.rank > best.rank)) {
      best = { entry, ...found };
    }
  }
  return best && { entry: best.entry, params: best.params };
}

function matchSegments(
  segments: Segment[],
  parts: string[],
): { rank: string; params: Record<string, string> } | undefined {
  if (segments.length > parts.length) return undefined;
  const last = segments[segments.length - 1];
  // File paths and git refs may arrive with raw slashes (contents/{path}, git/ref/{ref}); such a
  // trailing parameter spans the rest of the path, ranked below exact fits.
  const spans = segments.length < parts.length;
  if (spans && !(last?.kind === 'param' && SLASHED_PARAMS.has(last.name))) return undefined;
  const raw: [string, string][] = [];
  let rank = spans ? '0' : '1';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const part = spans && i === segments.length - 1 ? parts.slice(i).join('/') : parts[i];
    if (segment === undefined || part === undefined || part === '') return undefined;
    if (segment.kind === 'literal') {
      if (segment.text !== part) return undefined;
      rank += '2';
    } else if (segment.kind === 'param') {
      raw.push([segment.name, part]);
      rank += '0';
    } else {
      const groups = segment.regex.exec(part);
      if (groups === null) return undefined;
      segment.names.forEach((name, n) => raw.push([name, groups[n + 1] ?? '']));
      rank += '1';
    }
  }
  // Decoded only once the whole template fits.
  return { rank, params: Object.fromEntries(raw.map(([name, value]) => [name, safeDecode(value)])) };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Resolves a failNext route ('METHOD /template' or a concrete path) to its operation key. */
export function operationKey(route: string): string | undefined {
  const [method, path] = route.trim().split(/\s+/, 2);
  if (method === undefined || path === undefined) return undefined;
  const match = matchRoute(method.toUpperCase(), path);
  return match.kind === 'ok' ? match.op.key : undefined;
}
