import { z } from 'zod';

/**
 * Payload schemas per event type and schema version, registered by the services that
 * own the events; this library defines no domain events itself.
 */
export class PayloadSchemaRegistry {
  private readonly schemas = new Map<string, z.ZodTypeAny>();

  private static key(type: string, schemaVersion: number): string {
    return `${type}@${schemaVersion}`;
  }

  register(type: string, schemaVersion: number, schema: z.ZodTypeAny): this {
    const key = PayloadSchemaRegistry.key(type, schemaVersion);
    if (this.schemas.has(key))
      throw new Error(`a payload schema for ${type} v${schemaVersion} is already registered`);
    this.schemas.set(key, schema);
    return this;
  }

  lookup(type: string, schemaVersion: number): z.ZodTypeAny | undefined {
    return this.schemas.get(PayloadSchemaRegistry.key(type, schemaVersion));
  }
}
