import { z } from 'zod';
import { ConfigurationError, loadConfig, portVariable } from './load-config';

describe('loadConfig', () => {
  const schema = z.object({ PORT: portVariable, API_SECRET: z.string().min(8) });

  it('returns the typed config when the environment is valid', () => {
    expect(loadConfig('test', schema, { PORT: '8080', API_SECRET: 'abcdefgh' })).toEqual({
      PORT: 8080,
      API_SECRET: 'abcdefgh',
    });
  });

  it('names each invalid variable without echoing its value', () => {
    let thrown: unknown;
    try {
      loadConfig('test', schema, { PORT: 'eighty', API_SECRET: 'short-1' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    const message = (thrown as ConfigurationError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('API_SECRET');
    expect(message).not.toContain('short-1');
  });

  it("keeps a schema's own message and words zod's defaults without the value", () => {
    const wording = z.object({
      BROKERS: z.string({ required_error: 'is required (host:port list)' }),
      PORT: z.number(),
      MODE: z.enum(['a', 'b']),
    });
    expect(() => loadConfig('test', wording, { PORT: 'x', MODE: 'secret-mode-value' })).toThrow(
      'Invalid configuration for test:\n  - BROKERS: is required (host:port list)\n  - PORT: must be a number\n  - MODE: must be one of a, b',
    );
  });
});
