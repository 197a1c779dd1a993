"use strict";
exports.id = 319;
exports.ids = [319];
exports.modules = {

/***/ 319:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {

// Stands in for `undici` inside dist/index.js and dist/http-client.cjs: tsconfig.json's `paths` sends every
// `import … from 'undici'` of the bundled packages here. Evaluating undici costs about 30 ms and
// 7 MiB, yet only Octokit's requests and a run behind a proxy use it (@actions/github's fetch,
// @actions/http-client's ProxyAgent). So scripts/bundle.ts builds the real undici on its own into
// dist/undici.cjs, which the bundle leaves external, and it is required on first use of a name.
// __tests__/lazy-modules.test.ts checks that these are all the names the bundled packages import.


(__webpack_require__(230).defer)(exports, () => __webpack_require__(472), ['ProxyAgent', 'fetch']);


/***/ })

};
;