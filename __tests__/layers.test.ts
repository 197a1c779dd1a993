// The shape of src/ (src/README.md): no module imports itself back through others. The direction
// between folders is an ESLint rule (eslint.config.js `layer`); this checks what the rule cannot.
import madge from 'madge';

test('src/ has no import cycle', async () => {
  const graph = await madge('src', { fileExtensions: ['ts', 'cjs'], tsConfig: 'tsconfig.json' });
  expect(Object.keys(graph.obj()).length).toBeGreaterThan(30);
  expect(graph.circular()).toEqual([]);
});
