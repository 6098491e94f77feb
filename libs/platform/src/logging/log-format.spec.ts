import { chosenLogFormat, prettyMessage } from './log-format';

describe('log format', () => {
  it('is pretty in a terminal and JSON when piped or when LOG_FORMAT=json asks for it', () => {
    expect(chosenLogFormat({}, true)).toBe('pretty');
    expect(chosenLogFormat({}, false)).toBe('json');
    expect(chosenLogFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(chosenLogFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });

  it('prefixes each pretty line with the app that wrote it', () => {
    expect(prettyMessage({ service: 'oms', component: 'FoldBatch', msg: 'folded 3 events' }, 'msg')).toBe(
      '[oms] FoldBatch: folded 3 events',
    );
    expect(prettyMessage({ msg: 'Kafka ready' }, 'msg')).toBe('[stack] Kafka ready');
  });
});
