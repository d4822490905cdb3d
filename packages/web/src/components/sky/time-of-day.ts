/**
 * The sky's time of day (SPEC §1, §4): a pure function of the viewer's local clock.
 * Night 21:00–05:00; 05–07 night→sunrise; 07–18 sunrise→day; 18–20 day→sunset; 20–21 sunset→night.
 */

/** The four skies the background blends between. */
export type SkyPhase = 'night' | 'sunrise' | 'day' | 'sunset';

/** All phases, in the order their layers are stacked. */
export const SKY_PHASES: readonly SkyPhase[] = ['night', 'sunrise', 'day', 'sunset'];

/** A blend between two phases: `t` 0 shows only `from`, 1 only `to`. */
export interface SkyBlend {
  from: SkyPhase;
  to: SkyPhase;
  /** Progress of the blend in [0, 1). */
  t: number;
}

interface Segment {
  start: number;
  end: number;
  from: SkyPhase;
  to: SkyPhase;
}

/** The small hours: the first segment, and the sky of an hour that is not a number. */
const SMALL_HOURS: Segment = { start: 0, end: 5, from: 'night', to: 'night' };

/** Hours are local decimal hours (7.5 = 07:30). Night spans midnight, so it is two segments. */
const SEGMENTS: readonly Segment[] = [
  SMALL_HOURS,
  { start: 5, end: 7, from: 'night', to: 'sunrise' },
  { start: 7, end: 18, from: 'sunrise', to: 'day' },
  { start: 18, end: 20, from: 'day', to: 'sunset' },
  { start: 20, end: 21, from: 'sunset', to: 'night' },
  { start: 21, end: 24, from: 'night', to: 'night' },
];

/**
 * @param date a moment; its local hours, minutes and seconds are used.
 * @returns local decimal hours in [0, 24).
 */
export function decimalHours(date: Date): number {
  return date.getHours() + date.getMinutes() / 60 + date.getSeconds() / 3600;
}

/**
 * Which two skies show, and how far the blend has gone, at a local time (SPEC §4).
 * @param hours local decimal hours in [0, 24) (values outside wrap around).
 * @returns the blend; night hours return `{ from: 'night', to: 'night', t: 0 }`.
 */
export function skyBlendAt(hours: number): SkyBlend {
  const h = ((hours % 24) + 24) % 24;
  const segment = SEGMENTS.find((s) => h >= s.start && h < s.end) ?? SMALL_HOURS;
  if (segment.from === segment.to) return { from: segment.from, to: segment.to, t: 0 };
  return { from: segment.from, to: segment.to, t: (h - segment.start) / (segment.end - segment.start) };
}

/**
 * The opacity of each phase's layer for a blend: `from` gets 1 − t, `to` gets t, the others 0.
 * The weights always sum to 1, so stacking the layers never shows a gap or a double-bright sky.
 */
export function phaseWeights(blend: SkyBlend): Record<SkyPhase, number> {
  const weights: Record<SkyPhase, number> = { night: 0, sunrise: 0, day: 0, sunset: 0 };
  weights[blend.from] += 1 - blend.t;
  weights[blend.to] += blend.t;
  return weights;
}

/** How one phase's layer is drawn: its opacity and stacking order. */
export interface LayerStyle {
  opacity: number;
  zIndex: number;
}

/**
 * How to draw the layers for a blend as a true cross-fade: the `from` sky fully opaque underneath and the
 * `to` sky on top at opacity t. (Two half-transparent layers would let the dark base show through.)
 */
export function layerStyles(blend: SkyBlend): Record<SkyPhase, LayerStyle> {
  const styles = {} as Record<SkyPhase, LayerStyle>;
  for (const phase of SKY_PHASES) styles[phase] = { opacity: 0, zIndex: 0 };
  styles[blend.from] = { opacity: 1, zIndex: 1 };
  if (blend.to !== blend.from) styles[blend.to] = { opacity: blend.t, zIndex: 2 };
  return styles;
}

/** What the background renders at one moment. */
export interface SkyState {
  blend: SkyBlend;
  weights: Record<SkyPhase, number>;
  layers: Record<SkyPhase, LayerStyle>;
  /** Stars fade with the night layer (0–1). */
  starOpacity: number;
  /** The sun shows outside full night (0–1). */
  sunOpacity: number;
  /** Sun position across the viewport: x in % from the left, y in % from the top. */
  sun: { x: number; y: number };
  /** The dominant phase, for labels and `data-phase`. */
  phase: SkyPhase;
}

const SUNRISE_HOUR = 5;
const SUNSET_HOUR = 21;

/**
 * Everything the sky needs at a local time: layer weights, star and sun opacity, sun position.
 * The sun rises at 05:00 on the left, peaks at 13:00 and sets at 21:00 on the right, on a parabola.
 * @param hours local decimal hours.
 */
export function skyStateAt(hours: number): SkyState {
  const blend = skyBlendAt(hours);
  const weights = phaseWeights(blend);
  const h = ((hours % 24) + 24) % 24;
  const progress = Math.min(1, Math.max(0, (h - SUNRISE_HOUR) / (SUNSET_HOUR - SUNRISE_HOUR)));
  const arc = 4 * progress * (1 - progress); // 0 at the horizon, 1 at noon
  const phase = (Object.entries(weights) as Array<[SkyPhase, number]>).reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  return {
    blend,
    weights,
    layers: layerStyles(blend),
    starOpacity: weights.night,
    sunOpacity: 1 - weights.night,
    sun: { x: 8 + progress * 84, y: 78 - arc * 64 },
    phase,
  };
}
