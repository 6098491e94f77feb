import { GRAPHIQL_ASSET_PREFIX } from './graphiql-assets';

/**
 * The GraphiQL page. The desk token is typed into the bar above the editor and kept in
 * this browser's session storage; every request (introspection included) sends it as
 * `Authorization: Bearer`. `?query=` preloads a query.
 */
export function graphiqlPage(graphqlPath: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>OMS desk GraphQL</title>
<link rel="stylesheet" href="${GRAPHIQL_ASSET_PREFIX}/graphiql.min.css">
<style>
  body { margin: 0; height: 100vh; display: flex; flex-direction: column; font-family: sans-serif; }
  #token-bar { display: flex; gap: 8px; align-items: center; padding: 6px 10px; background: #f3f4f6; }
  #token-bar input { flex: 1; font-family: monospace; }
  #graphiql { flex: 1; min-height: 0; }
</style>
</head>
<body>
<form id="token-bar">
  <label for="desk-token">Desk token</label>
  <input id="desk-token" name="desk-token" type="password" autocomplete="off" placeholder="paste a desk token, then Use token">
  <button id="use-token" type="submit">Use token</button>
</form>
<div id="graphiql"></div>
<script src="${GRAPHIQL_ASSET_PREFIX}/react.production.min.js"></script>
<script src="${GRAPHIQL_ASSET_PREFIX}/react-dom.production.min.js"></script>
<script src="${GRAPHIQL_ASSET_PREFIX}/graphiql.min.js"></script>
<script>
  const TOKEN_KEY = 'oms-desk-token';
  const tokenInput = document.getElementById('desk-token');
  tokenInput.value = sessionStorage.getItem(TOKEN_KEY) || '';
  document.getElementById('token-bar').addEventListener('submit', (event) => {
    event.preventDefault();
    sessionStorage.setItem(TOKEN_KEY, tokenInput.value.trim());
    render();
  });
  async function fetcher(params) {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const response = await fetch(${JSON.stringify(graphqlPath)}, {
      method: 'POST',
      headers: Object.assign({ 'content-type': 'application/json' }, token ? { authorization: 'Bearer ' + token } : {}),
      body: JSON.stringify(params),
    });
    return response.json();
  }
  const initialQuery = new URLSearchParams(location.search).get('query') || undefined;
  const root = ReactDOM.createRoot(document.getElementById('graphiql'));
  let generation = 0;
  function render() {
    generation += 1;
    root.render(React.createElement(GraphiQL, { key: generation, fetcher, defaultQuery: initialQuery, query: initialQuery }));
  }
  render();
</script>
</body>
</html>`;
}
