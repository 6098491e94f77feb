import { SeededRandom } from './seeded-random';

describe('SeededRandom', () => {
  it('repeats the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number) => {
      const random = new SeededRandom(seed);
      return Array.from({ length: 5 }, () => random.int(0, 1000));
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it('draws weighted choices in proportion, never a zero-weight one', () => {
    const random = new SeededRandom(7);
    const counts = { often: 0, rarely: 0, never: 0 };
    for (let i = 0; i < 10_000; i += 1) counts[random.weighted({ often: 9, rarely: 1, never: 0 })] += 1;
    expect(counts.never).toBe(0);
    expect(counts.often / counts.rarely).toBeGreaterThan(6);
    expect(counts.often / counts.rarely).toBeLessThan(13);
  });
});
