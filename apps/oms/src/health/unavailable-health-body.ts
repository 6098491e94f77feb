import { HealthCheckResult } from '@nestjs/terminus';
import { DeskErrorBody } from '../errors/desk-error-body';
import { DeskErrorCode } from '../errors/desk-error';

/**
 * The 503 body of `GET /health`: the desk API's error body (every 4XX/5XX carries
 * `{"error": {code, message}}`) beside Terminus's report of every part (`info`, `details`).
 * Terminus's own `error` member (the failing parts) is replaced; `details` still holds them.
 */
export type UnavailableHealthBody = DeskErrorBody & Pick<HealthCheckResult, 'status' | 'info' | 'details'>;

function failureOf(part: string, report: { status: string; message?: unknown }): string {
  const message = typeof report.message === 'string' ? report.message : undefined;
  return message === undefined ? `${part} is ${report.status}` : `${part} is ${report.status} (${message})`;
}

export function unavailableHealthBody(report: HealthCheckResult): UnavailableHealthBody {
  const failures = Object.entries(report.error ?? {}).flatMap(([part, state]) =>
    state === undefined ? [] : [failureOf(part, state)],
  );
  if (failures.length === 0) failures.push('a part is down');
  return {
    status: report.status,
    error: {
      code: DeskErrorCode.SERVICE_UNAVAILABLE,
      message: `The OMS cannot serve: ${failures.join('; ')}`,
    },
    info: report.info,
    details: report.details,
  };
}
