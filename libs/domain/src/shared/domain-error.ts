/**
 * Every way a command or an observation can be refused by the domain. Transports map
 * these codes once (REST filter, GraphQL formatter); the domain never speaks HTTP.
 */
export enum DomainErrorCode {
  InvalidField = 'INVALID_FIELD',
  MissingField = 'MISSING_FIELD',
  OrderAlreadyExists = 'ORDER_ALREADY_EXISTS',
  OrderUnknown = 'ORDER_UNKNOWN',
  OrderAlreadyTerminal = 'ORDER_ALREADY_TERMINAL',
  OrderNotLive = 'ORDER_NOT_LIVE',
  SubmissionNotPending = 'SUBMISSION_NOT_PENDING',
  SubmissionNotUncertain = 'SUBMISSION_NOT_UNCERTAIN',
  CancelAlreadyPending = 'CANCEL_ALREADY_PENDING',
  NoCancelPending = 'NO_CANCEL_PENDING',
  ObservationForAnotherStream = 'OBSERVATION_FOR_ANOTHER_STREAM',
  UnknownContractMultiplier = 'UNKNOWN_CONTRACT_MULTIPLIER',
  UnknownReconciliationBreak = 'UNKNOWN_RECONCILIATION_BREAK',
  ReconciliationBreakAlreadyResolved = 'RECONCILIATION_BREAK_ALREADY_RESOLVED',
  UnknownEventType = 'UNKNOWN_EVENT_TYPE',
  UnknownCommandType = 'UNKNOWN_COMMAND_TYPE',
  UnsupportedSchemaVersion = 'UNSUPPORTED_SCHEMA_VERSION',
  FeeAssetNotPriced = 'FEE_ASSET_NOT_PRICED',
  FillDoesNotMatchPosition = 'FILL_DOES_NOT_MATCH_POSITION',
}

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Dotted path of the offending input field, when one field is to blame. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export function invalidField(field: string, problem: string): DomainError {
  return new DomainError(DomainErrorCode.InvalidField, `${field} ${problem}`, field);
}

export function missingField(field: string): DomainError {
  return new DomainError(DomainErrorCode.MissingField, `${field} is required`, field);
}

/**
 * The `default` of a decide switch: typed `never` so the compiler proves every command
 * is handled, and a refusal (not a crash) when a transport sends something else.
 */
export function unknownCommand(command: never): never {
  const type: unknown = (command as { type?: unknown } | null)?.type;
  throw new DomainError(
    DomainErrorCode.UnknownCommandType,
    `unknown command type ${typeof type === 'string' ? type : typeof type}`,
    'type',
  );
}

/** Refuses a command that is not even an object (null from a transport, a bare string). */
export function requireCommand<Command>(command: Command): Command {
  if (typeof command !== 'object' || command === null || Array.isArray(command)) {
    throw new DomainError(DomainErrorCode.InvalidField, 'command must be an object', 'command');
  }
  return command;
}

/**
 * Runs domain logic that signals refusals by throwing DomainError and hands the
 * refusal back as a value; any other exception is a programming error and propagates.
 */
export function refusalAsValue<T>(run: () => T): T | DomainError {
  try {
    return run();
  } catch (error: unknown) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}
