const base = require('./jest.base.cjs');

module.exports = {
  ...base,
  displayName: 'e2e',
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.cjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.cjs',
  testTimeout: 120000,
  maxWorkers: 1,
};
