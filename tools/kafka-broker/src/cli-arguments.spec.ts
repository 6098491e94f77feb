import { CliArgumentError, parseBrokerArguments } from './cli-arguments';

describe('parseBrokerArguments', () => {
  it('reads the port, data folder and retention', () => {
    expect(
      parseBrokerArguments(['--port', '19092', '--data', '/tmp/k', '--retention-bytes', '1048576']),
    ).toEqual({
      port: 19092,
      dataDir: '/tmp/k',
      retentionBytes: 1048576,
    });
  });

  it('defaults to port 9092', () => {
    expect(parseBrokerArguments(['--data', 'd']).port).toBe(9092);
  });

  it.each([
    [['--port', '9092'], /--data is required/],
    [['--data', 'd', '--port', 'abc'], /--port must be an integer, got "abc"/],
    [['--data', 'd', '--port', '70000'], /--port 70000 is not a TCP port/],
    [['--data', 'd', '--verbose', 'yes'], /unknown option --verbose/],
    [['--data'], /--data needs a value/],
    [['--data', 'd', '--partitions', '0'], /--partitions must be at least 1/],
  ])('explains %j', (argv, message) => {
    expect(() => parseBrokerArguments(argv)).toThrow(CliArgumentError);
    expect(() => parseBrokerArguments(argv)).toThrow(message);
  });
});
