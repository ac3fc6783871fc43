import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject, SyntheticEvent } from 'react';
import { playStart, playbackStep, preloadTarget } from './gap-playback.ts';
import type { PlaybackPlan } from './gap-playback.ts';
import { clamp } from '../lib/clamp.ts';
import { DEFAULT_VOLUME_STATE, setVolume, toggleMute, type VolumeState } from './volume.rules.ts';

type Slot = 0 | 1;
type TimeListener = (time: number) => void;

export type GapPlayback = {
  refs: readonly [RefObject<HTMLVideoElement | null>, RefObject<HTMLVideoElement | null>];
  /** The element on show and playing; the other waits paused at the next span. */
  active: Slot;
  playing: boolean;
  ready: boolean;
  volume: VolumeState;
  /** The current source time (read at any moment, without re-rendering). */
  currentTime: () => number;
  /** Called on every animation frame while playing and on every seek. */
  subscribe: (listener: TimeListener) => () => void;
  seek: (time: number) => void;
  toggle: () => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  /** Event handlers for each of the two video elements. */
  videoEvents: (slot: Slot) => {
    onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) => void;
    onLoadedData: () => void;
    onPlay: () => void;
    onPause: () => void;
  };
};

const other = (slot: Slot): Slot => (slot === 0 ? 1 : 0);
const NEAR_S = 0.03;

/**
 * Plays the source video restricted to the plan's window, skipping its gaps. WARNING: a seek on
 * the playing element stalls the sound for a moment, so the next span is kept ready in a second,
 * paused element and the two swap at each gap; the render's cut sounds the same.
 */
export function useGapPlayback(plan: PlaybackPlan): GapPlayback {
  const ref0 = useRef<HTMLVideoElement | null>(null);
  const ref1 = useRef<HTMLVideoElement | null>(null);
  const refs = useMemo(() => [ref0, ref1] as const, []);
  const activeRef = useRef<Slot>(0);
  const planRef = useRef(plan);
  const timeRef = useRef(plan.window.start);
  const listeners = useRef(new Set<TimeListener>());
  const [active, setActive] = useState<Slot>(0);
  const [playing, setPlaying] = useState(false);
  const [ready, setReady] = useState(false);
  const [volume, setVolumeState] = useState<VolumeState>(DEFAULT_VOLUME_STATE);
  const volumeRef = useRef(volume);

  const element = useCallback((slot: Slot) => refs[slot].current, [refs]);
  const notify = useCallback((time: number) => {
    timeRef.current = time;
    for (const listener of listeners.current) listener(time);
  }, []);

  const preload = useCallback(() => {
    const standby = element(other(activeRef.current));
    const target = preloadTarget(planRef.current, timeRef.current);
    if (!standby || target === null || standby.readyState < 1) return;
    if (Math.abs(standby.currentTime - target) > 0.005) standby.currentTime = target;
  }, [element]);

  const applyVolume = useCallback(() => {
    const { volume: level, muted } = volumeRef.current;
    for (const slot of [0, 1] as const) {
      const video = element(slot);
      if (!video) continue;
      video.volume = level;
      // NOTE: the waiting element stays silent even if a browser plays it early.
      video.muted = muted || slot !== activeRef.current;
    }
  }, [element]);

  useEffect(() => {
    planRef.current = plan;
    preload();
  }, [plan, preload]);

  useEffect(() => {
    volumeRef.current = volume;
    applyVolume();
  }, [volume, applyVolume]);

  const swapTo = useCallback(
    (to: number): boolean => {
      const from = activeRef.current;
      const current = element(from);
      const next = element(other(from));
      if (!current || !next || next.readyState < 2 || next.seeking) return false;
      if (Math.abs(next.currentTime - to) > NEAR_S) return false;
      activeRef.current = other(from);
      // WARNING: shown straight away, not on React's next render: until then the old element
      // would stay on top, and it is about to be parked at a later span.
      next.style.opacity = '1';
      current.style.opacity = '0';
      setActive(other(from));
      applyVolume();
      next.play().catch(() => setPlaying(false));
      current.pause();
      return true;
    },
    [element, applyVolume],
  );

  // Gap skipping runs on every animation frame: timeupdate fires only about 4 times a second.
  useEffect(() => {
    if (!playing) return;
    let handle = 0;
    let lastPreloadAt = Number.NaN;
    const tick = () => {
      const video = element(activeRef.current);
      if (video) {
        const step = playbackStep(planRef.current, video.currentTime);
        if (step.kind === 'play') {
          notify(video.currentTime);
        } else if (step.kind === 'jump') {
          if (!swapTo(step.to)) video.currentTime = step.to;
          notify(step.to);
          lastPreloadAt = Number.NaN;
        } else {
          video.pause();
          video.currentTime = step.to;
          notify(step.to);
        }
        const target = preloadTarget(planRef.current, timeRef.current);
        if (target !== lastPreloadAt) {
          preload();
          lastPreloadAt = target ?? Number.NaN;
        }
      }
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, [playing, element, notify, preload, swapTo]);

  const seek = useCallback(
    (time: number) => {
      const { window } = planRef.current;
      const to = clamp(time, window.start, window.end);
      const video = element(activeRef.current);
      if (video && video.readyState >= 1) video.currentTime = to;
      notify(to);
      preload();
    },
    [element, notify, preload],
  );

  const toggle = useCallback(() => {
    const video = element(activeRef.current);
    if (!video) return;
    if (!video.paused) {
      video.pause();
      return;
    }
    const start = playStart(planRef.current, timeRef.current);
    if (Math.abs(start - video.currentTime) > 0.001) video.currentTime = start;
    notify(start);
    video.play().catch(() => setPlaying(false));
  }, [element, notify]);

  const videoEvents = useCallback(
    (slot: Slot) => ({
      onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) => {
        applyVolume();
        if (slot === activeRef.current) event.currentTarget.currentTime = timeRef.current;
        else preload();
      },
      onLoadedData: () => {
        if (slot === activeRef.current) setReady(true);
      },
      onPlay: () => {
        if (slot === activeRef.current) setPlaying(true);
      },
      onPause: () => {
        if (slot === activeRef.current) setPlaying(false);
      },
    }),
    [applyVolume, preload],
  );

  const currentTime = useCallback(() => timeRef.current, []);
  const subscribe = useCallback((listener: TimeListener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const changeVolume = useCallback(
    (value: number) => setVolumeState((v) => setVolume(v, value)),
    [],
  );
  const switchMute = useCallback(() => setVolumeState((v) => toggleMute(v)), []);
  // NOTE: one object per change of state, so players and timelines given it can skip renders.
  return useMemo(
    () => ({
      refs,
      active,
      playing,
      ready,
      volume,
      currentTime,
      subscribe,
      seek,
      toggle,
      setVolume: changeVolume,
      toggleMute: switchMute,
      videoEvents,
    }),
    [
      refs,
      active,
      playing,
      ready,
      volume,
      currentTime,
      subscribe,
      seek,
      toggle,
      changeVolume,
      switchMute,
      videoEvents,
    ],
  );
}
