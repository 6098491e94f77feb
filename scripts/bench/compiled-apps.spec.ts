import { deployedNodeFlags } from './compiled-apps';

describe('the node flags a benchmark runs a compiled app with', () => {
  it("are the service's NODE_FLAGS in docker/compose.yaml, also when inherited through a YAML merge (oms-1 from x-oms)", () => {
    expect(deployedNodeFlags('ingest')).toEqual(['--heap-growing-percent=100']);
    expect(deployedNodeFlags('oms-1')).toEqual(['--heap-growing-percent=100']);
    expect(deployedNodeFlags('oms-2')).toEqual(deployedNodeFlags('oms-1'));
  });

  it('are none for a service that sets no NODE_FLAGS (the venue)', () => {
    expect(deployedNodeFlags('venue')).toEqual([]);
  });

  it('refuse a service compose does not define, instead of measuring it without its flags', () => {
    expect(() => deployedNodeFlags('oms')).toThrow('docker/compose.yaml has no service oms');
  });
});
