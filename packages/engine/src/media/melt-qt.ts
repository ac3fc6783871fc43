// MLT's Qt module (qtblend, the compositing Shotcut and Kdenlive put between video tracks, and
// Kdenlive's Transform) makes a QApplication, and refuses to where no display is set: melt then
// leaves each qtblend out of the project, logs it and still exits 0. With the top track shown
// alone, a render looks nearly right while the tracks below it are gone.

/** Any value will do: the offscreen platform never connects to it, MLT only checks it is set. */
const HEADLESS_DISPLAY = ':99';

/**
 * The environment a melt run composites in as the editors do: Qt drawing offscreen, and a
 * DISPLAY for MLT's check. What the caller set (a real display, another platform) is kept.
 * NOTE: MLT 7.12 looks at DISPLAY alone ("requires a X11 environment"), Wayland or not.
 */
export function meltEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    QT_QPA_PLATFORM: env.QT_QPA_PLATFORM || 'offscreen',
    DISPLAY: env.DISPLAY || HEADLESS_DISPLAY,
  };
}

/**
 * What melt logs (at -verbose) when a Qt service could not be made: the module refused
 * ("The MLT Qt module requires a X11 environment."), or the project's qtblend was dropped
 * ('[producer_xml] failed to load transition "qtblend"', also when the module is not installed).
 */
const QT_MISSING = /The MLT Qt module requires|failed to load (?:transition|filter|producer) "qt/;

export const saysQtMissing = (line: string): boolean => QT_MISSING.test(line);
