import { memo, useMemo, type CSSProperties } from 'react';
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
    group: Math.floor(next() * 3),
  }));
}

const Stars = memo(function Stars({ count }: { count: number }) {
  const stars = useMemo(() => makeStars(count), [count]);
  return (
    <>
      {stars.map((star, index) => (
        <span
          key={index}
          className={`sky-star sky-star--g${star.group}`}
          data-testid="sky-star"
          style={{ left: `${star.left}%`, top: `${star.top}%`, width: star.size, height: star.size }}
        />
      ))}
    </>
  );
});

/**
 * The full-page sky behind the app (SPEC §1, §4, §9): four stacked gradient layers (night, sunrise, day,
 * sunset) whose opacities follow the local time, 150 stars and a sun. It re-evaluates every 60 s and moves
 * only with 5 s CSS transitions of opacity and transform, so no layout or paint work happens per frame.
 * @param now optional fixed time (tests, previews); defaults to the live clock.
 */
export function SkyBackground({ now }: { now?: Date }) {
  const liveNow = useNow(LIMITS.skyRefreshMs);
  const state = skyStateAt(decimalHours(now ?? liveNow));
  const transition = { '--sky-transition': `${LIMITS.skyTransitionMs}ms` } as CSSProperties;
  return (
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
        <Stars count={LIMITS.skyStars} />
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
  );
}
