// Makes a response satisfy GitHub's response schema: the fields the fake knows are given, every
// other required field gets a plain value of its type. Pull requests, commits and check runs have
// dozens of required fields the action never reads; stating each by hand would be noise.
import type { Schema } from './openapi.ts';

type Node = Record<string, unknown>;

const isObject = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each schema's value when nothing is given, made once: it is the same for every response, and the
 * fields GitHub requires but the fake does not know (a repository's eighty) are most of the work.
 * Frozen, since responses share it.
 */
const plainValues = new WeakMap<Schema, unknown>();

/** `given` completed to a value of `schema` (OpenAPI 3.0, dereferenced): given fields win. */
export function conform(schema: Schema | undefined, given?: unknown): unknown {
  if (given !== undefined || schema === undefined) return complete(schema ?? {}, given);
  if (!plainValues.has(schema)) plainValues.set(schema, deepFreeze(complete(schema, undefined)));
  return plainValues.get(schema);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function complete(node: Schema, given: unknown): unknown {
  if (Array.isArray(node.allOf)) {
    const merged: Node = { type: 'object', properties: {}, required: [] };
    for (const part of node.allOf as Node[]) {
      Object.assign(merged.properties as Node, part.properties ?? {});
      (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
    }
    return conform(merged, given);
  }
  const choices = (node.anyOf ?? node.oneOf) as Node[] | undefined;
  if (Array.isArray(choices)) {
    if (given === null) return null;
    const choice = choices.find((c) => c.type !== 'null' && c.nullable !== true) ?? choices[0];
    return conform(choice, given);
  }
  if (given === null && node.nullable === true) return null;
  if (Array.isArray(node.enum)) return given !== undefined && node.enum.includes(given) ? given : node.enum[0];
  switch (node.type) {
    case 'object': {
      const out: Node = {};
      const properties = (node.properties ?? {}) as Record<string, Schema>;
      const source = isObject(given) ? given : {};
      for (const [name, value] of Object.entries(source))
        out[name] = name in properties ? conform(properties[name], value) : value;
      for (const name of (node.required as string[] | undefined) ?? []) {
        if (!(name in out)) out[name] = conform(properties[name], undefined);
      }
      return out;
    }
    case 'array':
      return Array.isArray(given) ? given.map((item) => conform(node.items as Schema, item)) : [];
    case 'string':
      if (typeof given === 'string') return given;
      if (node.nullable === true) return null;
      return node.format === 'date-time' ? '2026-01-01T00:00:00Z' : '';
    case 'integer':
    case 'number':
      if (typeof given === 'number') return given;
      return node.nullable === true ? null : 0;
    case 'boolean':
      if (typeof given === 'boolean') return given;
      return node.nullable === true ? null : false;
    default:
      return given === undefined ? null : given;
  }
}
