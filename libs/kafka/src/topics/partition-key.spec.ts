import { balancePartitionKey, instrumentPartitionKey, partitionKeyOf } from './partition-key';
import { prefixedTopicNames } from './topic-names';

describe('partition keys', () => {
  it('keys instrument events by account and symbol', () => {
    expect(instrumentPartitionKey('acc1', 'BTCUSDT')).toBe('acc1:BTCUSDT');
    expect(partitionKeyOf({ accountId: 'acc1', symbol: 'BTCUSDT-PERPETUAL' })).toBe('acc1:BTCUSDT-PERPETUAL');
  });

  it('keys balance events by account and asset', () => {
    expect(balancePartitionKey('acc1', 'USDT')).toBe('acc1:USDT');
  });

  it('refuses parts that would make the key ambiguous', () => {
    expect(() => instrumentPartitionKey('acc:1', 'BTCUSDT')).toThrow(/accountId "acc:1"/);
    expect(() => balancePartitionKey('acc1', '')).toThrow(/asset ""/);
  });
});

describe('topic names', () => {
  it('prefixes every topic for an isolated run', () => {
    expect(prefixedTopicNames('run42')).toEqual({
      venueObservations: 'run42.oms.venue-observations.v1',
      omsEvents: 'run42.oms.events.v1',
      deadLetter: 'run42.oms.dead-letter.v1',
    });
  });
});
