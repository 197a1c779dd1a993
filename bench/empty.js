// An empty ES module: what starting Node 24 costs before any code of ours runs.
export {};
