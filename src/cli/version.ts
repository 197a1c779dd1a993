/** `docs-agent --version`: package.json's version, which __tests__/cli-core.test.ts keeps equal to it. */
export const VERSION = '1.0.0';
