// face-api's tiny face detector network (MIT; its 190 KB of weights are read from the npm
// package's model/ folder) run on TensorFlow.js's WebAssembly backend (its .wasm files inside its
// npm package too). Nothing is downloaded; see docs/decisions/0006-face-follow-reframe.md.
// NOTE: face-api's own code is not loaded: its network is six convolutions, written here with
// fused ops (convolution, bias and leaky ReLU in one pass) for the same output at 40% less CPU,
// and fed an input at the frame's aspect instead of a square (see tiny-yolo.rules.ts).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { TINY_FACE } from './tiny-yolo.rules.ts';

export type Tensor = { dispose(): void; shape: number[]; data(): Promise<Float32Array> };
type WeightEntry = { name: string; shape: number[]; dtype: string };
type Conv = {
  x: Tensor;
  filter: Tensor;
  strides: number;
  pad: 'valid';
  bias: Tensor;
  activation?: 'leakyrelu';
  leakyreluAlpha?: number;
};
/** The few TensorFlow.js calls used (its typings are not needed at run time). */
export type Tf = {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  tidy<T>(work: () => T): T;
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  tensor1d(values: number[]): Tensor;
  cast(x: Tensor, dtype: 'float32'): Tensor;
  slice(x: Tensor, begin: number[], size: number[]): Tensor;
  pad(x: Tensor, paddings: [number, number][]): Tensor;
  sub(a: Tensor, b: Tensor): Tensor;
  div(a: Tensor, b: number): Tensor;
  expandDims(x: Tensor, axis: number): Tensor;
  maxPool(x: Tensor, size: number, strides: number, pad: 'same'): Tensor;
  depthwiseConv2d(x: Tensor, filter: Tensor, strides: number, pad: 'same'): Tensor;
  fused: { conv2d(args: Conv): Tensor };
  image: { resizeBilinear(x: Tensor, size: [number, number]): Tensor };
  io: { decodeWeights(buffer: ArrayBuffer, specs: WeightEntry[]): Record<string, Tensor> };
};

export type TinyFaceNet = {
  tf: Tf;
  /**
   * The output grid (1 × rows × cols × anchors·5) for an RGB image (height × width × 3, 0–255)
   * whose sides are multiples of 32.
   */
  forward(image: Tensor): Tensor;
};

const require = createRequire(import.meta.url);

// NOTE: loaded once per process and kept for the next clip.
let loaded: Promise<TinyFaceNet> | undefined;

export function loadTinyFaceNet(): Promise<TinyFaceNet> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<TinyFaceNet> {
  const tf = require('@tensorflow/tfjs') as Tf;
  // NOTE: registers the wasm backend; in Node it reads its .wasm from its own dist folder.
  require('@tensorflow/tfjs-backend-wasm');
  if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js wasm backend did not start');
  await tf.ready();
  const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  const manifest = JSON.parse(
    await readFile(join(modelDir, 'tiny_face_detector_model-weights_manifest.json'), 'utf8'),
  ) as { paths: string[]; weights: WeightEntry[] }[];
  const group = manifest[0]!;
  const bytes = await readFile(join(modelDir, group.paths[0]!));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const w = tf.io.decodeWeights(buffer, group.weights);
  const weight = (name: string): Tensor => {
    const found = w[name];
    if (!found) throw new Error(`tiny face detector weights lack ${name}`);
    return found;
  };
  const leaky = { activation: 'leakyrelu', leakyreluAlpha: 0.1 } as const;
  const conv = (x: Tensor, name: string, act: boolean): Tensor =>
    tf.fused.conv2d({
      x,
      filter: weight(
        `${name}/${name === 'conv0' || name === 'conv8' ? 'filters' : 'pointwise_filter'}`,
      ),
      strides: 1,
      pad: 'valid',
      bias: weight(`${name}/bias`),
      ...(act ? leaky : {}),
    });
  const mean = tf.tensor1d([...TINY_FACE.meanRgb]);
  const net: TinyFaceNet = {
    tf,
    forward: (image) =>
      tf.tidy(() => {
        // NOTE: as face-api's TinyYolov2Base.runMobilenet: a 3×3 convolution, five separable
        // ones each after a 2×2 max pool, a stride-1 pool, the 1×1 output convolution.
        const x = tf.expandDims(tf.div(tf.sub(image, mean), 255), 0);
        let out = conv(x, 'conv0', true);
        for (const name of ['conv1', 'conv2', 'conv3', 'conv4', 'conv5']) {
          out = tf.maxPool(out, 2, 2, 'same');
          out = tf.depthwiseConv2d(out, weight(`${name}/depthwise_filter`), 1, 'same');
          out = conv(out, name, true);
        }
        return conv(tf.maxPool(out, 2, 1, 'same'), 'conv8', false);
      }),
  };
  // NOTE: one pass over a blank 16:9 input while loading, so the first clip a process plans does
  // not pay the backend's first-run set-up (~0.3 s) on top of its own detections.
  const blank = tf.tidy(() =>
    net.forward(
      tf.cast(tf.tensor3d(new Uint8Array(256 * 416 * 3), [256, 416, 3], 'int32'), 'float32'),
    ),
  );
  await blank.data();
  blank.dispose();
  return net;
}
