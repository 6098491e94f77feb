import { UserDataStream } from './user-data-stream';

const listenKeys = {
  create: () => Promise.resolve('k'),
  keepAlive: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

describe('UserDataStream configuration', () => {
  it.each(['not a url', 'http://127.0.0.1:1', ''])(
    'refuses the stream URL %j, naming the setting',
    (streamUrl) => {
      expect(() => new UserDataStream({ listenKeys, streamUrl })).toThrow(
        expect.objectContaining({ field: 'streamUrl' }),
      );
    },
  );

  it('accepts ws and wss URLs', () => {
    expect(() => new UserDataStream({ listenKeys, streamUrl: 'wss://stream.example.com' })).not.toThrow();
    expect(() => new UserDataStream({ listenKeys, streamUrl: 'ws://127.0.0.1:1/' })).not.toThrow();
  });
});
