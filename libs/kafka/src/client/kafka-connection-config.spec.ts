import { ConfigurationError } from '@oms/platform';
import { loadKafkaEnvironment } from './kafka-connection-config';

describe('loadKafkaEnvironment', () => {
  it('refuses to start without KAFKA_BROKERS, naming it, instead of starting a broker of its own', () => {
    expect(() => loadKafkaEnvironment({})).toThrow(ConfigurationError);
    expect(() => loadKafkaEnvironment({})).toThrow(
      /KAFKA_BROKERS: is required \(comma-separated host:port list/,
    );
  });

  it('splits a comma-separated broker list', () => {
    expect(loadKafkaEnvironment({ KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092' }).KAFKA_BROKERS).toEqual([
      'kafka-1:9092',
      'kafka-2:9092',
    ]);
  });

  it('names the variable when a broker address is malformed', () => {
    expect(() => loadKafkaEnvironment({ KAFKA_BROKERS: 'kafka-1' })).toThrow(ConfigurationError);
    expect(() => loadKafkaEnvironment({ KAFKA_BROKERS: 'kafka-1' })).toThrow(
      /KAFKA_BROKERS\.0: each broker must be host:port/,
    );
    expect(() => loadKafkaEnvironment({ KAFKA_BROKERS: ' , ' })).toThrow(/KAFKA_BROKERS/);
  });
});
