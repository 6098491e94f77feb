/** The shape every domain event shares: a past-tense type, its schema version, its data. */
export interface DomainEvent<Type extends string, Version extends number, Data> {
  readonly type: Type;
  readonly schemaVersion: Version;
  readonly data: Data;
}
