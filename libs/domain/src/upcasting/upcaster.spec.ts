import { DomainError, DomainErrorCode } from '../shared/domain-error';
import { spotFillObservation } from '../test-support/spot-builders';
import { CURRENT_SCHEMA_VERSIONS } from './domain-event-union';
import { upcastEvent } from './upcaster';

const v1Fill = (commission: string, commissionAsset: string) => {
  const { fee: _fee, ...rest } = spotFillObservation();
  return { type: 'SpotFillObserved', schemaVersion: 1, data: { ...rest, commission, commissionAsset } };
};

describe('upcasting stored events', () => {
  it('raises SpotFillObserved v1 (flat commission) to v2 (nested fee)', () => {
    expect(upcastEvent(v1Fill('0.0004', 'ETH'))).toEqual({
      type: 'SpotFillObserved',
      schemaVersion: 2,
      data: spotFillObservation({ fee: { asset: 'ETH', amount: '0.0004' } }),
    });
  });

  it('turns the v1 "no fee known" marker (empty asset) into a null fee, not a zero fee', () => {
    expect(upcastEvent(v1Fill('0', ''))).toMatchObject({ schemaVersion: 2, data: { fee: null } });
  });

  it('passes a current event through, validated', () => {
    const current = { type: 'SpotFillObserved', schemaVersion: 2, data: spotFillObservation() };
    expect(upcastEvent(current)).toEqual(current);
  });

  it('names the bad field of a corrupt stored observation', () => {
    const result = upcastEvent({ ...v1Fill('abc', 'ETH') });
    expect(result).toBeInstanceOf(DomainError);
    expect((result as DomainError).field).toBe('data.commission');
  });

  it('refuses unknown types and versions from the future', () => {
    expect((upcastEvent({ type: 'Nope', schemaVersion: 1, data: {} }) as DomainError).code).toBe(
      DomainErrorCode.UnknownEventType,
    );
    expect((upcastEvent({ type: 'SpotFillObserved', schemaVersion: 3, data: {} }) as DomainError).code).toBe(
      DomainErrorCode.UnsupportedSchemaVersion,
    );
  });

  it('every event type starts at version 1 and has an upcast for each older version', () => {
    for (const [type, version] of Object.entries(CURRENT_SCHEMA_VERSIONS)) {
      expect(version).toBeGreaterThanOrEqual(1);
      if (version > 1)
        expect(upcastEvent({ type, schemaVersion: 1, data: {} })).not.toMatchObject({
          code: DomainErrorCode.UnsupportedSchemaVersion,
        });
    }
  });
});
