// Shared Jest settings: SWC transform (fast, keeps decorator metadata) and the
// tsconfig path aliases.
const path = require('path');

const aliases = {
  '^@oms/(domain|exchange|kafka|platform|persistence|observations)$': '<rootDir>/libs/$1/src',
  '^@oms/(domain|exchange|kafka|platform|persistence|observations)/(.*)$': '<rootDir>/libs/$1/src/$2',
  '^@oms/kafka-broker$': '<rootDir>/tools/kafka-broker/src',
  '^@oms/kafka-broker/(.*)$': '<rootDir>/tools/kafka-broker/src/$1',
  '^@oms/venue$': '<rootDir>/apps/venue/src',
  '^@oms/venue/(.*)$': '<rootDir>/apps/venue/src/$1',
};

module.exports = {
  rootDir: path.resolve(__dirname),
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: aliases,
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  watchman: false,
};
