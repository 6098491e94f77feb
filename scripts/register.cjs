// Runs TypeScript sources directly (SWC, with decorator metadata for NestJS and the
// tsconfig path aliases), so local commands need no build step.
process.env.SWC_NODE_PROJECT =
  process.env.SWC_NODE_PROJECT || require('path').join(__dirname, '..', 'tsconfig.json');
require('@swc-node/register');
