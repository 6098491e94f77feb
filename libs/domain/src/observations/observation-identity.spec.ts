import { spotFillObservation, spotOrderObservation } from '../test-support/spot-builders';
import { observationIdentity } from './observation-identity';
import { readSpotFillObservation } from './spot-fill-observed';
import { readSpotOrderObservation } from './spot-order-observed';
import { DomainError, refusalAsValue } from '../shared/domain-error';

describe('observations', () => {
  it('the same report seen twice has the same identity; another source or state does not', () => {
    const report = {
      type: 'SpotOrderObserved' as const,
      schemaVersion: 1 as const,
      data: spotOrderObservation(),
    };
    expect(observationIdentity(report)).toBe(observationIdentity({ ...report, data: { ...report.data } }));
    expect(observationIdentity(report)).not.toBe(
      observationIdentity({ ...report, data: { ...report.data, source: 'rest-poll' } }),
    );
    expect(observationIdentity(report)).not.toBe(
      observationIdentity({
        ...report,
        data: { ...report.data, executedQty: '0.1', status: 'PARTIALLY_FILLED' },
      }),
    );
  });

  it('a fill is identified by its ticket id, not by any execution id', () => {
    const fill = {
      type: 'SpotFillObserved' as const,
      schemaVersion: 2 as const,
      data: spotFillObservation(),
    };
    expect(observationIdentity(fill)).toContain('1739352552795029504');
  });

  it('reads venue numbers sent as strings or numbers, and normalises decimals', () => {
    const parsed = readSpotOrderObservation({
      ...spotOrderObservation(),
      updateTime: '1722006209989',
      createdAt: 1722006209989,
      price: '3000.00',
      avgPrice: '0',
    });
    expect(parsed).toMatchObject({ updateTime: 1722006209989, price: '3000', avgPrice: null });
  });

  it('names the field that is wrong', () => {
    const missing = refusalAsValue(() =>
      readSpotFillObservation({ ...spotFillObservation(), ticketId: undefined }),
    );
    expect((missing as DomainError).field).toBe('observation.ticketId');
    const badSide = refusalAsValue(() =>
      readSpotOrderObservation({ ...spotOrderObservation(), side: 'HOLD' }),
    );
    expect((badSide as DomainError).message).toBe('observation.side must be one of BUY, SELL');
    const ackWithoutRequest = refusalAsValue(() =>
      readSpotOrderObservation({ ...spotOrderObservation(), source: 'rest-ack', acknowledgedRequest: null }),
    );
    expect((ackWithoutRequest as DomainError).field).toBe('observation.acknowledgedRequest');
  });
});
