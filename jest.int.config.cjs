const base = require('./jest.base.cjs');

module.exports = {
  ...base,
  displayName: 'int',
  testMatch: ['<rootDir>/{apps,libs,tools,scripts}/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.cjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.cjs',
  testTimeout: 60000,
  maxWorkers: 2,
};
