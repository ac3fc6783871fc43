// Smart cut, the pure parts. NOTE: the package index re-exports this file, so it gathers the plan
// of parts and every command line, each kept in its own file.
export * from './smart-cut-parts.ts';
export { buildCopyBatchArgs } from './smart-cut-copy-args.ts';
export * from './smart-cut-encode-args.ts';
export * from './smart-cut-join-args.ts';
