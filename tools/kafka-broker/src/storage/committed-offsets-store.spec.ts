import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommittedOffsetsStore } from './committed-offsets-store';

describe('CommittedOffsetsStore deletions', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'oms-offsets-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const at = (offset: number) => ({ offset, metadata: null });

  it('replays group and topic deletions in order, so commits made after them survive a reopen', () => {
    const store = new CommittedOffsetsStore(dataDir);
    store.commit('readers', [
      { topic: 'orders', partition: 0, committed: at(5) },
      { topic: 'fills', partition: 0, committed: at(2) },
    ]);
    store.commit('auditors', [{ topic: 'orders', partition: 1, committed: at(9) }]);
    store.commit('gone', [{ topic: 'fills', partition: 0, committed: at(1) }]);

    store.deleteTopic('orders');
    expect(store.groups().sort()).toEqual(['gone', 'readers']);
    expect(store.get('readers', 'orders', 0)).toBeUndefined();
    expect(store.get('readers', 'fills', 0)).toEqual(at(2));

    store.deleteGroup('gone');
    // The topic was created again and read from its start.
    store.commit('readers', [{ topic: 'orders', partition: 0, committed: at(1) }]);

    const reopened = new CommittedOffsetsStore(dataDir);
    expect(reopened.groups().sort()).toEqual(['readers']);
    expect(reopened.hasOffsets('auditors')).toBe(false);
    expect(reopened.get('readers', 'orders', 0)).toEqual(at(1));
    expect(reopened.get('readers', 'fills', 0)).toEqual(at(2));
    // Compaction at start-up keeps the same view.
    expect(new CommittedOffsetsStore(dataDir).get('readers', 'orders', 0)).toEqual(at(1));
  });
});
