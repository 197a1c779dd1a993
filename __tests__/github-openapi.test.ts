/**
 * The fake GitHub checks requests against emulator/github/openapi-extract.json, which
 * scripts/refresh-github-openapi.ts makes from GitHub's OpenAPI description: a route the fake
 * serves without its operation in the extract would go unchecked, so the list and the extract are
 * held to the routes here, and the extraction is run on a small description of its own.
 */
import { readFileSync } from 'node:fs';
import { routes } from '../emulator/github/routes.ts';
import { EXTRACT, extract, OPERATIONS, type Spec } from '../scripts/refresh-github-openapi.ts';

type Operation = { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> };
const committed = JSON.parse(readFileSync(EXTRACT, 'utf8')) as { paths: Record<string, Record<string, Operation>> };

/** 'METHOD /template' of every operation the extract describes in full. */
const detailed = (paths: Record<string, Record<string, Operation>>): string[] =>
  Object.entries(paths).flatMap(([template, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.parameters !== undefined)
      .map(([method]) => `${method.toUpperCase()} ${template}`),
  );

test('every route the fake GitHub serves is listed for extraction and described in full in the extract', () => {
  expect([...OPERATIONS, 'POST /graphql']).toEqual(expect.arrayContaining(Object.keys(routes)));
  expect(detailed(committed.paths).sort()).toEqual([...OPERATIONS, 'POST /graphql'].sort());
});

test('the extract keeps every path of the API with its methods, to tell 404 from 501', () => {
  expect(Object.keys(committed.paths).length).toBeGreaterThan(500);
  expect(committed.paths['/repos/{owner}/{repo}']).toEqual({ get: {}, patch: {}, delete: {} });
});

describe('extract', () => {
  const spec: Spec = {
    paths: {
      '/things/{id}': {
        summary: 'not an operation',
        get: {
          description: 'prose',
          parameters: [{ $ref: '#/components/parameters/id' }],
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/thing' } } } },
            '404': { $ref: '#/components/responses/not_found' },
          },
        },
        delete: { responses: { '204': { description: 'gone' } } },
      },
      '/other': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } } },
    },
    components: {
      parameters: { id: { name: 'id', in: 'path', required: true, schema: { type: 'integer' } } },
      responses: { not_found: { description: 'Not Found' } },
      schemas: {
        thing: {
          type: 'object',
          description: 'A thing',
          properties: { description: { type: 'string', example: 'x' }, owner: { $ref: '#/components/schemas/user' } },
        },
        user: { type: 'object', properties: { login: { type: 'string' } } },
        unused: { type: 'string' },
      },
    },
  };

  test('keeps what checks a request of the listed operations, and the schemas they reach', () => {
    const result = extract(spec, 'test', ['GET /things/{id}']) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(result.paths['/things/{id}']).toEqual({
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/thing' } } } } },
      },
      delete: {},
    });
    expect(result.paths['/other']).toEqual({ post: {} });
    // Prose goes, a property called "description" stays; referenced schemas come along, others do not.
    expect(result.components.schemas).toEqual({
      thing: {
        type: 'object',
        properties: { description: { type: 'string' }, owner: { $ref: '#/components/schemas/user' } },
      },
      user: { type: 'object', properties: { login: { type: 'string' } } },
    });
  });

  test('refuses an operation the description does not have', () => {
    expect(() => extract(spec, 'test', ['GET /things/{id}', 'PUT /things/{id}'])).toThrow(/PUT \/things\/\{id\}/);
  });
});
