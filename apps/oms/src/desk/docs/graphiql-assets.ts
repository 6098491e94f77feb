import { dirname, join } from 'node:path';

function packageFile(packageName: string, file: string): string {
  return join(dirname(require.resolve(`${packageName}/package.json`)), file);
}

/** Every file the GraphiQL page loads, from installed packages (desks run without internet). */
export const GRAPHIQL_ASSETS: Readonly<Record<string, { readonly path: string; readonly type: string }>> = {
  'react.production.min.js': {
    path: packageFile('react', 'umd/react.production.min.js'),
    type: 'text/javascript',
  },
  'react-dom.production.min.js': {
    path: packageFile('react-dom', 'umd/react-dom.production.min.js'),
    type: 'text/javascript',
  },
  'graphiql.min.js': { path: packageFile('graphiql', 'graphiql.min.js'), type: 'text/javascript' },
  'graphiql.min.css': { path: packageFile('graphiql', 'graphiql.min.css'), type: 'text/css' },
};

export const GRAPHIQL_ASSET_PREFIX = '/graphiql-assets';
