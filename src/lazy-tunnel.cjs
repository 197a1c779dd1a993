// Stands in for `tunnel` inside dist/http-client.cjs (see src/lazy.cjs): @actions/http-client imports
// it at load, but only a request through a proxy uses it, and it loads node:tls, node:net and more.
'use strict';

require('./lazy.cjs').defer(exports, () => require('../node_modules/tunnel/index.js'), [
  'httpOverHttp',
  'httpsOverHttp',
  'httpOverHttps',
  'httpsOverHttps',
]);
