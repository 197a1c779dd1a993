// jest's runtime, with V8's coverage taken without turning on the debugger.
//
// jest's coverage (collect-v8-coverage) enables the inspector's Debugger next to the Profiler, to
// keep V8 from flushing the bytecode of functions not run lately, which loses their counts (jest
// issue 14766: coverage falling as more tests run). The debugger then sends an event through the
// inspector for every script compiled, and jest compiles every module of node_modules again for
// each test file: about a third of the suite's CPU. Here V8 is told not to flush bytecode instead,
// and only the Profiler is on. What is counted and reported is the same.
const { Session } = require('node:inspector');
const { setFlagsFromString } = require('node:v8');
const Runtime = require('jest-runtime').default;

setFlagsFromString('--no-flush-bytecode');

class PreciseCoverage {
  #session = new Session();

  #post(method, params) {
    return new Promise((resolve, reject) =>
      this.#session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  }

  async startInstrumenting() {
    this.#session.connect();
    await this.#post('Profiler.enable');
    await this.#post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  }

  async stopInstrumenting() {
    const { result } = await this.#post('Profiler.takePreciseCoverage');
    await this.#post('Profiler.stopPreciseCoverage');
    await this.#post('Profiler.disable');
    this.#session.disconnect();
    return result;
  }
}

/** jest-runtime 29's own collectV8Coverage, with the instrumenter above. */
class PreciseCoverageRuntime extends Runtime {
  async collectV8Coverage() {
    this._v8CoverageInstrumenter = new PreciseCoverage();
    this._v8CoverageSources = new Map();
    await this._v8CoverageInstrumenter.startInstrumenting();
  }
}

module.exports = PreciseCoverageRuntime;
