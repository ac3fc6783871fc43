// jassub's worker and wasm files, emitted by Vite as static assets of the build (fingerprinted
// under /assets), so the browser loads the subtitle renderer from the app's own origin.
import workerUrl from 'jassub/dist/worker/worker.js?worker&url';
import wasmUrl from 'jassub/dist/wasm/jassub-worker.wasm?url';
import modernWasmUrl from 'jassub/dist/wasm/jassub-worker-modern.wasm?url';

export const JASSUB_ASSETS = { workerUrl, wasmUrl, modernWasmUrl } as const;
