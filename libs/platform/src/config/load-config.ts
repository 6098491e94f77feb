import { z } from 'zod';
import { redactSecretText } from '../logging/secret-redaction';

/** Thrown at boot when the environment does not describe a valid configuration. */
export class ConfigurationError extends Error {
  constructor(
    readonly app: string,
    readonly problems: readonly string[],
  ) {
    super(`Invalid configuration for ${app}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/**
 * What is wrong with one variable, in words that never carry its value: zod's own
 * messages for enums and literals quote the received value, and a custom message may
 * interpolate it, so those are rewritten and any trace of the value is removed.
 */
function describeIssue(issue: z.ZodIssue, env: NodeJS.ProcessEnv): string {
  const variable = issue.path.join('.') || '(environment)';
  // zod's default wording is replaced where it quotes the value; a schema's own message is kept.
  let message = issue.message;
  if (issue.code === z.ZodIssueCode.invalid_enum_value && message.startsWith('Invalid enum value'))
    message = `must be one of ${issue.options.map(String).join(', ')}`;
  else if (issue.code === z.ZodIssueCode.invalid_literal && message.startsWith('Invalid literal value'))
    message = `must be ${JSON.stringify(issue.expected)}`;
  else if (issue.code === z.ZodIssueCode.invalid_type && message === 'Required') message = 'is required';
  else if (issue.code === z.ZodIssueCode.invalid_type && message.startsWith('Expected '))
    message = `must be a ${issue.expected}`;
  const received = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
  if (received && received.trim().length >= 3) {
    for (const part of new Set([received, received.trim(), ...received.split(/[\s,]+/)])) {
      if (part.length >= 3) message = message.split(part).join('[value hidden]');
    }
  }
  return `${variable}: ${redactSecretText(message)}`;
}

const SECRET_BEARING_VARIABLE = /KEY|SECRET|TOKEN|PASSWORD|ACCOUNTS|PEM|CREDENTIAL|URL/i;

function describeThrown(error: unknown, env: NodeJS.ProcessEnv): string {
  const name = error instanceof Error ? error.name : 'Error';
  let message = error instanceof Error ? error.message : String(error);
  // JSON.parse and friends quote (part of) the text they refused.
  if (error instanceof SyntaxError) message = message.replace(/"(?:[^"\\]|\\.)*"/g, '"[value hidden]"');
  for (const [variable, value] of Object.entries(env)) {
    if (value && value.length >= 6 && SECRET_BEARING_VARIABLE.test(variable))
      message = message.split(value).join('[value hidden]');
  }
  return `${name}: ${redactSecretText(message)}`;
}

/**
 * Parses the environment into one typed, validated config object. Every problem names
 * the variable; values are never echoed, since some of them are secrets.
 */
export function loadConfig<S extends z.ZodTypeAny>(
  app: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  let result: z.SafeParseReturnType<unknown, z.infer<S>>;
  try {
    result = schema.safeParse(env);
  } catch (error) {
    // A transform threw (a JSON.parse, a file read...): its message may quote the input.
    throw new ConfigurationError(app, [describeThrown(error, env)]);
  }
  if (result.success) return result.data;
  throw new ConfigurationError(
    app,
    result.error.issues.map((issue) => describeIssue(issue, env)),
  );
}

/** A TCP port from an environment string. */
export const portVariable = z.coerce.number().int().min(0).max(65535);

/** A boolean from an environment string ("true"/"false"/"1"/"0"). */
export const booleanVariable = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
