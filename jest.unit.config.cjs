const base = require('./jest.base.cjs');

module.exports = {
  ...base,
  displayName: 'unit',
  testMatch: ['<rootDir>/{apps,libs,tools,scripts}/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
};
