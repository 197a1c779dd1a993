import { answer } from '../src/util.ts';
import * as core from '@actions/core';
test('works', () => { expect(answer()).toBe(42); expect(typeof core.getInput).toBe('function'); });
