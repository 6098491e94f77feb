import { z } from 'zod';
import { NOT_ACCEPTED, PlainNormaliser, plainNormalisers } from './wire-primitives';

/**
 * A wire schema turned into one plain function, for the private stream's hot path.
 *
 * zod 3 allocates a context, a path and a result object for every field it checks, and
 * more for every transform; at a thousand events a second that is most of ingest's CPU
 * and garbage. The compiled function walks the same schema definition once, at start,
 * and checks and normalises with the primitives' plain functions (wire-primitives.ts),
 * building only the output. It never explains a refusal: it returns NOT_ACCEPTED and
 * the caller asks the zod schema itself, which yields the same value or names the field
 * and the issue exactly as before. A construct the compiler does not know is refused
 * when compiling, never guessed at.
 */
export type CompiledWireSchema<Schema extends z.ZodTypeAny> = (
  value: unknown,
) => z.output<Schema> | typeof NOT_ACCEPTED;

export function compileWireSchema<Schema extends z.ZodTypeAny>(schema: Schema): CompiledWireSchema<Schema> {
  return compile(schema, 'schema');
}

function compile(schema: z.ZodTypeAny, where: string): PlainNormaliser {
  const primitive = plainNormalisers.get(schema);
  if (primitive) return primitive;
  if (schema instanceof z.ZodString) return compileString(schema, where);
  if (schema instanceof z.ZodEnum) return compileEnum(schema.options as readonly string[]);
  if (schema instanceof z.ZodLiteral) {
    const expected: unknown = schema.value;
    return (value) => (value === expected ? value : NOT_ACCEPTED);
  }
  if (schema instanceof z.ZodBoolean && !schema._def.coerce) {
    return (value) => (typeof value === 'boolean' ? value : NOT_ACCEPTED);
  }
  if (schema instanceof z.ZodUnknown || schema instanceof z.ZodAny) return (value) => value;
  if (schema instanceof z.ZodOptional) {
    const inner = compile(schema.unwrap() as z.ZodTypeAny, where);
    return (value) => (value === undefined ? undefined : inner(value));
  }
  if (schema instanceof z.ZodNullable) {
    const inner = compile(schema.unwrap() as z.ZodTypeAny, where);
    return (value) => (value === null ? null : inner(value));
  }
  if (schema instanceof z.ZodUnion) return compileUnion(schema.options as readonly z.ZodTypeAny[], where);
  if (schema instanceof z.ZodArray) return compileArray(schema._def as ArrayDefinition, where);
  if (schema instanceof z.ZodObject) return compileObject(schema._def as ObjectDefinition, where);
  if (schema instanceof z.ZodDiscriminatedUnion) {
    return compileDiscriminatedUnion(
      schema.discriminator as string,
      schema.optionsMap as ReadonlyMap<unknown, z.ZodTypeAny>,
      where,
    );
  }
  throw new Error(`compileWireSchema: ${where} is a ${schema.constructor.name}, which it does not compile`);
}

function compileString(schema: z.ZodString, where: string): PlainNormaliser {
  if (schema._def.checks.length > 0 || schema._def.coerce) {
    throw new Error(`compileWireSchema: ${where} is a string with checks, which it does not compile`);
  }
  return (value) => (typeof value === 'string' ? value : NOT_ACCEPTED);
}

function compileEnum(options: readonly string[]): PlainNormaliser {
  const allowed: ReadonlySet<unknown> = new Set(options);
  return (value) => (allowed.has(value) ? value : NOT_ACCEPTED);
}

/** zod takes the first option that accepts the value; so does this. */
function compileUnion(options: readonly z.ZodTypeAny[], where: string): PlainNormaliser {
  const compiled = options.map((option, index) => compile(option, `${where} (option ${index})`));
  return (value) => {
    for (const option of compiled) {
      const result = option(value);
      if (result !== NOT_ACCEPTED) return result;
    }
    return NOT_ACCEPTED;
  };
}

type ArrayDefinition = z.ZodArrayDef<z.ZodTypeAny>;

function compileArray(definition: ArrayDefinition, where: string): PlainNormaliser {
  const { minLength, maxLength, exactLength } = definition;
  if (minLength || maxLength || exactLength) {
    throw new Error(`compileWireSchema: ${where} is an array with length checks, which it does not compile`);
  }
  const element = compile(definition.type, `${where}[]`);
  return (value) => {
    if (!Array.isArray(value)) return NOT_ACCEPTED;
    const output: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      const item = element(value[index]);
      if (item === NOT_ACCEPTED) return NOT_ACCEPTED;
      output[index] = item;
    }
    return output;
  };
}

/**
 * Only plain objects, what JSON decodes to. zod takes some other objects too (class
 * instances); those go to zod, which decides.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

type ObjectDefinition = z.ZodObjectDef<z.ZodRawShape, z.UnknownKeysParam, z.ZodTypeAny>;

/**
 * Unknown keys are dropped (zod's default, "strip"); the output has the shape's keys in
 * the shape's order, and an optional key only where the input has it or it has a value.
 */
function compileObject(definition: ObjectDefinition, where: string): PlainNormaliser {
  if (definition.unknownKeys !== 'strip' || !(definition.catchall instanceof z.ZodNever)) {
    throw new Error(`compileWireSchema: ${where} keeps unknown keys, which it does not compile`);
  }
  const shape: z.ZodRawShape = definition.shape();
  if (Object.hasOwn(shape, '__proto__')) {
    throw new Error(`compileWireSchema: ${where} has a __proto__ key, which it does not compile`);
  }
  const fields = Object.keys(shape).map((key) => ({ key, parse: compile(shape[key], `${where}.${key}`) }));
  return (value) => {
    if (!isPlainObject(value)) return NOT_ACCEPTED;
    const output: Record<string, unknown> = {};
    for (const { key, parse } of fields) {
      const field = value[key];
      const parsed = parse(field);
      if (parsed === NOT_ACCEPTED) return NOT_ACCEPTED;
      if (parsed !== undefined || key in value) output[key] = parsed;
    }
    return output;
  };
}

function compileDiscriminatedUnion(
  discriminator: string,
  optionsByTag: ReadonlyMap<unknown, z.ZodTypeAny>,
  where: string,
): PlainNormaliser {
  const byValue = new Map<unknown, PlainNormaliser>();
  for (const [tag, option] of optionsByTag) {
    byValue.set(tag, compile(option, `${where}<${String(tag)}>`));
  }
  return (value) => {
    if (!isPlainObject(value)) return NOT_ACCEPTED;
    const option = byValue.get(value[discriminator]);
    return option ? option(value) : NOT_ACCEPTED;
  };
}
