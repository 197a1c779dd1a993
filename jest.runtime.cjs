// jest's runtime, with V8's coverage taken without turning on the debugger, and each CommonJS
// module compiled once per worker (below).
//
// jest's coverage (collect-v8-coverage) enables the inspector's Debugger next to the Profiler, to
// keep V8 from flushing the bytecode of functions not run lately, which loses their counts (jest
// issue 14766: coverage falling as more tests run). The debugger then sends an event through the
// inspector for every script compiled, and jest compiled every module of node_modules again for
// each test file (now once per worker, below): about a third of the suite's CPU. Here V8 is told
// not to flush bytecode instead, and only the Profiler is on. What is counted and reported is the same.
// jest 29.7's runtime is extended here (its collectV8Coverage, stopCollectingV8Coverage and
// createScriptFromCode, and the private fields they use): re-check this file on any upgrade of jest.
const { Session } = require('node:inspector');
const { setFlagsFromString } = require('node:v8');
const { Script } = require('node:vm');
const Runtime = require('jest-runtime').default;

setFlagsFromString('--no-flush-bytecode');

// One session per worker, with precise coverage started once, when the worker's first test file
// starts: turning it on deoptimises every function and walks the whole heap, which per test file
// was a quarter of the suite's CPU. Each file then takes its counts (a take resets them), so a file's
// counts are those of its own run, as before: what runs between files is jest's, not src/'s.
let session;

function post(method, params) {
  return new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

class PreciseCoverage {
  async startInstrumenting() {
    if (session) return;
    session = new Session();
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  }

  async stopInstrumenting() {
    const { result } = await post('Profiler.takePreciseCoverage');
    return result;
  }
}

// jest compiles every CommonJS module (most of node_modules: undici, ajv, expect, …, about 2 MB for a
// file that starts the fake GitHub) again for each test file, and V8 compiles each function again the
// first time it runs there. A vm.Script is bound to no context: here one is kept per worker for each
// module's file and source, and run in each test file's own context, which still gets fresh module
// objects and state. Only V8's compiled code is shared (bytecode is not flushed, above). On two cores
// this took the suite's CPU from about 175 to about 150 s. A script's dynamic import() goes to the
// test file running now (`current`: a worker runs one file at a time), as jest's own does for its file.
const scripts = new Map();
let current;

class SuiteRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    current = this;
  }

  /** jest-runtime 29's own createScriptFromCode, with the script kept for the next test file. */
  createScriptFromCode(scriptSource, filename) {
    if (this._resolver.isCoreModule(filename)) return super.createScriptFromCode(scriptSource, filename);
    const key = `${filename}\0${scriptSource}`;
    let script = scripts.get(key);
    if (script) return script;
    try {
      script = new Script(this.wrapCodeInModuleWrapper(scriptSource), {
        columnOffset: this._fileTransforms.get(filename)?.wrapperLength,
        displayErrors: true,
        filename,
        importModuleDynamically: async (specifier) => {
          const context = current._environment.getVmContext?.();
          if (!context) throw new Error(`${filename} imported ${specifier} after its test file ended`);
          return current.linkAndEvaluateModule(await current.resolveModule(specifier, filename, context));
        },
      });
    } catch {
      // A syntax error: jest's own says where, as it would have.
      return super.createScriptFromCode(scriptSource, filename);
    }
    scripts.set(key, script);
    return script;
  }

  /** jest-runtime 29's own collectV8Coverage, with the instrumenter above. */
  async collectV8Coverage() {
    this._v8CoverageInstrumenter = new PreciseCoverage();
    this._v8CoverageSources = new Map();
    await this._v8CoverageInstrumenter.startInstrumenting();
  }

  /**
   * jest-runtime 29's own, except that a test file that loaded nothing of src/ (jest.config.js's
   * collectCoverageFrom) takes no counts: a take walks every script of the worker, and such a file
   * (the demo's, the documented commands', the emulators') ran nothing of src/ in this worker.
   */
  async stopCollectingV8Coverage() {
    const src = `${this._config.rootDir}/src/`;
    const loaded = [...this._v8CoverageSources.keys(), ...this._fileTransforms.keys()];
    if (loaded.some((file) => file.startsWith(src))) return super.stopCollectingV8Coverage();
    this._v8CoverageResult = [];
    this._v8CoverageSources = new Map([...this._v8CoverageSources, ...this._fileTransforms]);
  }
}

module.exports = SuiteRuntime;
