import { currentCorrelationId, withCorrelationId } from './correlation';

describe('correlation context', () => {
  it('is visible across awaits inside the scope and absent outside it', async () => {
    expect(currentCorrelationId()).toBeUndefined();
    const seen = await withCorrelationId('corr-7', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return currentCorrelationId();
    });
    expect(seen).toBe('corr-7');
    expect(currentCorrelationId()).toBeUndefined();
  });
});
