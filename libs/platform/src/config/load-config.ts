import { z } from 'zod';

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
 * Parses the environment into one typed, validated config object. Every problem names
 * the variable; values are never echoed, since some of them are secrets.
 */
export function loadConfig<S extends z.ZodTypeAny>(
  app: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data as z.infer<S>;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    return `${variable}: ${issue.message}`;
  });
  throw new ConfigurationError(app, problems);
}

/** A TCP port from an environment string. */
export const portVariable = z.coerce.number().int().min(0).max(65535);

/** A boolean from an environment string ("true"/"false"/"1"/"0"). */
export const booleanVariable = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
