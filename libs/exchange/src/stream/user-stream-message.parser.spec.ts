import { parseUserStreamFrame, StreamMessage } from './user-stream-message.parser';

function withoutText(message: StreamMessage): StreamMessage {
  if (message.type !== 'event') return message;
  return { type: 'event', event: message.event, text: '' };
}

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
    expect(fromArray.map(withoutText)).toEqual(fromObject.map(withoutText));
    expect(fromArray[0]).toMatchObject({
      type: 'event',
      event: { e: 'executionReport', E: '1499405658658', L: '' },
    });
  });

  it('hands over each item of an array frame, and a single-object frame, exactly as written', () => {
    const first =
      '{"e":"ticketInfo","E":1499405658658,"s":"ETHUSDT","q":"0.50000","t":1,"p":10.500,"T":"7","o":"1","c":"c1","a":"1","m":false,"S":"BUY","venueOnly":{"x":[1,"a]\\\\",{}]}}';
    const second = '{ "e" : "newThing", "note": "a, \\"quoted\\" [item]" }';
    const messages = parseUserStreamFrame(` [ ${first} ,\n ${second} ] `);
    expect(messages.map((message) => ('text' in message ? message.text : undefined))).toEqual([
      first,
      second,
    ]);
    expect(messages[0]).toMatchObject({ type: 'event', event: { e: 'ticketInfo', p: '10.5' } });
    expect(parseUserStreamFrame(`  ${first}\n`)[0]).toMatchObject({ type: 'event', text: first });
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
