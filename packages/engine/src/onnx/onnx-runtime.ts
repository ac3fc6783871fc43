// The engine's one ONNX runtime: onnxruntime-web's WebAssembly build, with no install script and
// the voice detector's and the recogniser's model files inside npm packages. NOTE: the native
// onnxruntime-node was measured against it (decision 0005, seventh pass): a sixth less CPU, but
// its int8 kernels give the quantised Moonshine model different token probabilities, and on them
// fewer wrong words were flagged (under the target at every beam width).
import * as ort from 'onnxruntime-web';

export { ort };

let configured = false;

/** Opens a model for one-thread sequential runs (the aligner has the other core). */
export function openSession(path: string): Promise<ort.InferenceSession> {
  if (!configured) {
    // NOTE: a second wasm thread spins while it waits: more CPU for the same tokens (decision 0005).
    ort.env.wasm.numThreads = 1;
    ort.env.logLevel = 'error';
    configured = true;
  }
  return ort.InferenceSession.create(path, {
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
}
