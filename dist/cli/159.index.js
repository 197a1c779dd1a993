"use strict";
exports.id = 159;
exports.ids = [159];
exports.modules = {

/***/ 9159:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runEmulator: () => (/* binding */ runEmulator)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _exit_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7632);
// `docs-agent emulator`: the offline service (emulator/offline.ts: the agent's jobs and the
// assistant behind one address) for trying every command without an account. It is loaded only by
// this command: the bundle keeps it in a chunk of its own (scripts/bundle.ts), so `run` and `ask`
// never read it. Serves until Ctrl-C.



async function runEmulator(flags, io, signal) {
    const offline = await __webpack_require__.e(/* import() */ 967).then(__webpack_require__.bind(__webpack_require__, 9967));
    let service;
    try {
        service = await offline.startOfflineService({
            port: flags.port,
            ...bundledFixtures(),
            ...(flags.durationMs === undefined ? {} : { job: { durationMs: flags.durationMs } }),
        });
    }
    catch (error) {
        io.stderr.write(`docs-agent: cannot start the emulator: ${error instanceof Error ? error.message : String(error)}\n`);
        return _exit_js__WEBPACK_IMPORTED_MODULE_2__/* .EXIT */ .d.unreachable;
    }
    // The emulator's own keys: made up, accepted only by it, and printed for that reason.
    io.stdout.write([
        `Docs agent emulator (offline) listening on ${service.url}`,
        '',
        'Try every command against it with:',
        `  export DOCS_AGENT_BASE_URL=${service.url}`,
        `  export DOCS_AGENT_API_KEY=${offline.OFFLINE_API_KEY}`,
        `  export DOCS_AGENT_PROJECT_ID=${offline.OFFLINE_PROJECT_ID}`,
        `  export DOCS_ASSISTANT_KEY=${offline.OFFLINE_ASSISTANT_KEY}`,
        `  export DOCS_ASSISTANT_DOMAIN=${offline.OFFLINE_DOMAIN}`,
        '',
        'Press Ctrl-C to stop.',
        '',
    ].join('\n'));
    await new Promise((resolve) => {
        if (signal.aborted)
            resolve();
        signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await service.close();
    return _exit_js__WEBPACK_IMPORTED_MODULE_2__/* .EXIT */ .d.done;
}
/**
 * The assistant's documentation pages: the bundle ships them in dist/cli/fixtures/, beside its
 * entry (scripts/bundle.ts); run from the sources, the emulator finds its own.
 */
function bundledFixtures() {
    try {
        const beside = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(process.argv[1] ?? '')), 'fixtures');
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(beside) ? { fixtures: beside } : {};
    }
    catch {
        return {};
    }
}


/***/ })

};
;