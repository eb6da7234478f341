import { EXAMPLE_OPERATIONS, type ExampleOperation } from './example-operations.js';
import { PLAYGROUND_ASSETS_PREFIX } from './playground-assets.js';

export interface PlaygroundPageOptions {
  /** The GraphQL path, for HTTP requests and (as ws:// or wss://) for subscriptions over graphql-ws. */
  endpoint: string;
  /** The tabs GraphiQL opens with on a first visit (later visits keep the user's own tabs). */
  tabs?: readonly ExampleOperation[];
}

/** JSON that can sit inside a <script> element: no `</script>` or `<!--` can end it early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The browser side: the key box (kept in localStorage, so it is entered once per browser), a
 * fetcher that sends it as `authorization: Bearer <key>` with `content-type: application/json`
 * on every request (what Apollo's CSRF prevention asks for), and subscriptions over graphql-ws
 * with the key in `connectionParams`.
 */
const CLIENT_SCRIPT = `
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('arbiter-playground-config').textContent);
  var KEY_STORAGE = 'arbiter.playground.apiKey';
  var endpoint = new URL(config.endpoint, location.href).href;
  var form = document.getElementById('arbiter-key-form');
  var keyInput = document.getElementById('arbiter-key');
  var forgetButton = document.getElementById('arbiter-forget-key');
  var whoami = document.getElementById('arbiter-whoami');
  var apiKey = localStorage.getItem(KEY_STORAGE) || '';
  var wsClient = null;
  keyInput.value = apiKey;

  function authorization() {
    return apiKey ? { authorization: 'Bearer ' + apiKey } : {};
  }

  function post(params, extraHeaders) {
    var headers = Object.assign({ 'content-type': 'application/json', accept: 'application/json' }, authorization(), extraHeaders || {});
    return fetch(endpoint, { method: 'POST', headers: headers, body: JSON.stringify(params) }).then(function (response) {
      return response.json();
    });
  }

  function subscriptionClient() {
    if (!wsClient) {
      wsClient = graphqlWs.createClient({
        url: endpoint.replace(/^http/, 'ws'),
        connectionParams: function () { return authorization(); },
        lazy: true,
      });
    }
    return wsClient;
  }

  function operationType(params, documentAST) {
    var operations = ((documentAST && documentAST.definitions) || []).filter(function (d) { return d.kind === 'OperationDefinition'; });
    var chosen = operations.find(function (o) { return o.name && o.name.value === params.operationName; }) || operations[0];
    return chosen ? chosen.operation : 'query';
  }

  function fetcher(params, options) {
    if (operationType(params, options && options.documentAST) === 'subscription') {
      return subscriptionClient().iterate(params);
    }
    return post(params, options && options.headers);
  }

  function showWhoAmI() {
    if (!apiKey) {
      whoami.textContent = 'No key yet: only rulesets and cardPreset answer without one.';
      return;
    }
    whoami.textContent = 'Checking the key…';
    post({ query: '{ me { role name } }' }).then(function (result) {
      if (result.data) whoami.textContent = 'Signed in: ' + result.data.me.role + ' (' + result.data.me.name + ')';
      else whoami.textContent = (result.errors && result.errors[0] && result.errors[0].message) || 'The key was refused';
    }, function () {
      whoami.textContent = 'Arbiter did not answer';
    });
  }

  function useKey(key) {
    apiKey = key;
    if (key) localStorage.setItem(KEY_STORAGE, key);
    else localStorage.removeItem(KEY_STORAGE);
    if (wsClient) {
      wsClient.dispose();
      wsClient = null;
    }
    showWhoAmI();
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    useKey(keyInput.value.trim());
  });
  forgetButton.addEventListener('click', function () {
    keyInput.value = '';
    useKey('');
  });

  showWhoAmI();
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultTabs: config.tabs,
      defaultEditorToolsVisibility: true,
      isHeadersEditorEnabled: true,
      shouldPersistHeaders: false,
    }),
  );
})();
`;

/** The playground: GraphiQL and its docs explorer, with a box for the API key above it. */
export function renderPlaygroundPage({ endpoint, tabs = EXAMPLE_OPERATIONS }: PlaygroundPageOptions): string {
  const asset = (name: string) => `${PLAYGROUND_ASSETS_PREFIX}${name}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <link rel="icon" href="data:,">
  <title>Arbiter playground</title>
  <link rel="stylesheet" href="${asset('graphiql.min.css')}">
  <style>
    html, body { height: 100%; margin: 0; }
    body { display: flex; flex-direction: column; font-family: system-ui, sans-serif; }
    #arbiter-bar { display: flex; align-items: center; gap: 0.75rem; padding: 0.5rem 1rem; background: #1f2430; color: #f2f2f2; }
    #arbiter-bar strong { font-size: 1rem; letter-spacing: 0.02em; }
    #arbiter-key-form { display: flex; align-items: center; gap: 0.5rem; }
    #arbiter-key { width: 26rem; max-width: 40vw; padding: 0.3rem 0.5rem; font-family: ui-monospace, monospace; }
    #arbiter-bar button { padding: 0.3rem 0.7rem; cursor: pointer; }
    #arbiter-whoami { opacity: 0.85; font-size: 0.9rem; }
    #graphiql { flex: 1; min-height: 0; }
  </style>
</head>
<body>
  <header id="arbiter-bar">
    <strong>Arbiter</strong>
    <form id="arbiter-key-form" autocomplete="off">
      <label for="arbiter-key">API key</label>
      <input id="arbiter-key" name="key" type="password" placeholder="arb_…" spellcheck="false">
      <button id="arbiter-use-key" type="submit">Use key</button>
      <button id="arbiter-forget-key" type="button">Forget</button>
    </form>
    <span id="arbiter-whoami" role="status"></span>
  </header>
  <div id="graphiql">Loading the playground…</div>
  <script id="arbiter-playground-config" type="application/json">${scriptSafeJson({ endpoint, tabs })}</script>
  <script src="${asset('react.production.min.js')}"></script>
  <script src="${asset('react-dom.production.min.js')}"></script>
  <script src="${asset('graphiql.min.js')}"></script>
  <script src="${asset('graphql-ws.min.js')}"></script>
  <script>${CLIENT_SCRIPT}</script>
</body>
</html>
`;
}
