import { describeClientHost } from './client-host';

describe('describeClientHost', () => {
  it('prints addresses as Kafka does, IPv4 mapped into IPv6 as plain IPv4', () => {
    expect(describeClientHost('127.0.0.1')).toBe('/127.0.0.1');
    expect(describeClientHost('::ffff:10.0.0.7')).toBe('/10.0.0.7');
    expect(describeClientHost('::1')).toBe('/::1');
    expect(describeClientHost(undefined)).toBe('');
  });
});
