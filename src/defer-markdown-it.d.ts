// tsconfig.json's `paths` sends 'markdown-it' to the untyped src/defer-markdown-it.cjs, which defers
// the real package: these are the real package's types, taken from its `browser` entry, which has
// the same ones and which `paths` does not map.
declare module 'markdown-it' {
  export * from 'markdown-it/browser';
  export { default } from 'markdown-it/browser';
}
