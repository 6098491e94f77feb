import { parseUserStreamFrame } from './user-stream-message.parser';

describe('parseUserStreamFrame', () => {
  const execution = {
    e: 'executionReport',
    E: 1499405658658,
    s: 'ETHUSDT',
    c: 'c1',
    S: 'BUY',
    o: 'LIMIT',
    f: 'GTC',
    q: '1',
    p: '10',
    X: 'NEW',
    i: '1',
    l: '0',
    z: '0',
    L: '',
    O: 1499405658657,
  };

  it('accepts an array of events and a single object, numbers as strings or numbers', () => {
    const fromArray = parseUserStreamFrame(JSON.stringify([execution]));
    const fromObject = parseUserStreamFrame(JSON.stringify({ ...execution, E: '1499405658658' }));
    expect(fromArray).toEqual(fromObject);
    expect(fromArray[0]).toMatchObject({
      type: 'event',
      event: { e: 'executionReport', E: '1499405658658', L: '' },
    });
  });

  it('recognises server pings and pongs', () => {
    expect(parseUserStreamFrame('{"ping":1748504490208,"channelId":"x"}')).toEqual([
      { type: 'ping', ping: { ping: 1748504490208, channelId: 'x' } },
    ]);
    expect(parseUserStreamFrame('{"pong":5}')).toEqual([{ type: 'pong', pong: 5 }]);
  });

  it('reports unknown types, broken events and non-JSON frames instead of dropping them', () => {
    const [unknownType, broken] = parseUserStreamFrame(
      JSON.stringify([{ e: 'newThing' }, { ...execution, q: 'lots' }]),
    );
    expect(unknownType).toMatchObject({ type: 'unknown', reason: 'unknown event type "newThing"' });
    expect(broken).toMatchObject({ type: 'unknown', reason: expect.stringContaining('executionReport.q') });
    expect(parseUserStreamFrame('not json')).toEqual([
      { type: 'unknown', raw: 'not json', reason: 'frame is not JSON' },
    ]);
  });
});
