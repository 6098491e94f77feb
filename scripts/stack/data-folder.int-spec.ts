import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepAbandonedFolders } from './data-folder';

describe('throw-away stack folders', () => {
  it('sweeps the folder of a dead stack and keeps those of live ones', () => {
    const root = mkdtempSync(join(tmpdir(), 'sweep-spec-'));
    try {
      const dead = join(root, 'oms-local-stack-dead');
      const live = join(root, 'oms-local-stack-live');
      const other = join(root, 'something-else');
      for (const folder of [dead, live, other]) mkdirSync(folder);
      writeFileSync(join(dead, 'stack.pid'), '999999999\n');
      writeFileSync(join(live, 'stack.pid'), `${process.ppid}\n`);
      writeFileSync(join(other, 'stack.pid'), '999999999\n');
      sweepAbandonedFolders(root);
      expect([existsSync(dead), existsSync(live), existsSync(other)]).toEqual([false, true, true]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
