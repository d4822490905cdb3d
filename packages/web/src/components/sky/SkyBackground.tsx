import { memo, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { LIMITS } from '@loreforge/contract';
import { useNow } from '../../hooks/useNow';
import { decimalHours, SKY_PHASES, skyStateAt } from './time-of-day';
import './sky.css';

interface Star {
  left: number;
  top: number;
  size: number;
  group: number;
}

/** Twinkle groups: each blinks on its own period, out of step with the others (see sky.css). */
const STAR_GROUPS = 3;

/** A small deterministic generator, so the stars keep their places between renders and reloads. */
function makeStars(count: number): Star[] {
  let seed = 20250101;
  const next = () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
  return Array.from({ length: count }, () => ({
    left: next() * 100,
    top: next() * 70,
    size: 1 + next() * 2,
    group: Math.floor(next() * STAR_GROUPS),
  }));
}

/**
 * One group's stars as the box shadows of a single 1 px dot: a round core of the star's size and a soft glow
 * around it, placed in viewport units. Three elements (one per group) twinkle instead of 150, so the browser
 * animates three layers and styles no star one by one.
 */
function starShadows(stars: readonly Star[]): string {
  return stars
    .map((star) => {
      const at = `${star.left.toFixed(2)}vw ${star.top.toFixed(2)}vh`;
      const spread = ((star.size - 1) / 2).toFixed(2);
      return `${at} 0 ${spread}px #fff, ${at} 4px ${spread}px rgba(255, 255, 255, 0.8)`;
    })
    .join(', ');
}

const Stars = memo(function Stars({ count }: { count: number }) {
  const groups = useMemo(() => {
    const stars = makeStars(count);
    return Array.from({ length: STAR_GROUPS }, (_, group) => stars.filter((star) => star.group === group));
  }, [count]);
  return (
    <>
      {groups.map((stars, group) => (
        <span
          key={group}
          className={`sky-star-group sky-star--g${group}`}
          data-testid="sky-star-group"
          data-star-count={stars.length}
          style={{ boxShadow: starShadows(stars) }}
        />
      ))}
    </>
  );
});

/**
 * False until the browser is first idle after mounting: the stars are decoration, so they are drawn only once the
 * page's own content has rendered (in the next macrotask where idle callbacks are unsupported).
 */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
}

/**
 * The full-page sky behind the app (SPEC §1, §4, §9): four stacked gradient layers (night, sunrise, day,
 * sunset) whose opacities follow the local time, 150 stars (drawn once the page is idle, twinkling in three groups)
 * and a sun, over a floor as tall as the page in the sky's lowest colour (so a long page never turns white below
 * the fixed sky). It re-evaluates every 60 s and moves only with 5 s CSS transitions of opacity and transform, so no
 * layout or paint work happens per frame.
 * @param now optional fixed time (tests, previews); defaults to the live clock.
 */
export function SkyBackground({ now }: { now?: Date }) {
  const liveNow = useNow(LIMITS.skyRefreshMs);
  const starsShown = useIdle();
  const state = skyStateAt(decimalHours(now ?? liveNow));
  const transition = { '--sky-transition': `${LIMITS.skyTransitionMs}ms` } as CSSProperties;
  return (
    <>
      <div className="sky-floor" aria-hidden="true" data-phase={state.phase} data-testid="sky-floor" />
      <div className="sky" aria-hidden="true" data-phase={state.phase} data-testid="sky" style={transition}>
        {SKY_PHASES.map((phase) => (
          <div
            key={phase}
            className={`sky-layer sky-layer--${phase}`}
            data-testid={`sky-layer-${phase}`}
            style={{ opacity: state.layers[phase].opacity, zIndex: state.layers[phase].zIndex }}
          />
        ))}
        <div className="sky-stars" style={{ opacity: state.starOpacity, zIndex: 3 }}>
          {starsShown && <Stars count={LIMITS.skyStars} />}
        </div>
        <div
          className="sky-sun"
          data-testid="sky-sun"
          style={{
            opacity: state.sunOpacity,
            zIndex: 3,
            transform: `translate3d(${state.sun.x}vw, ${state.sun.y}vh, 0)`,
          }}
        />
      </div>
    </>
  );
}
