import { LIMITS } from '@loreforge/contract';

/**
 * A relationship score from -100 to 100 (SPEC §5) as a labelled meter: the bar grows from the centre, red
 * below zero and green above, with the number beside it.
 * @param label e.g. 'Affinity'; @param value the score.
 */
export function ScoreMeter({ label, value }: { label: string; value: number }) {
  const span = LIMITS.relationshipScoreMax - LIMITS.relationshipScoreMin;
  const half = (Math.abs(value) / span) * 100;
  const color = value < 0 ? 'bg-danger' : value > 0 ? 'bg-success' : 'bg-secondary';
  return (
    <div className="d-flex align-items-center gap-3">
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={LIMITS.relationshipScoreMin}
        aria-valuemax={LIMITS.relationshipScoreMax}
        aria-valuenow={value}
        className="position-relative flex-grow-1 bg-body-secondary rounded"
        style={{ height: 10, maxWidth: 320 }}
      >
        <span className="position-absolute top-0 bottom-0 bg-dark opacity-25" style={{ left: '50%', width: 1 }} />
        <span
          className={`position-absolute top-0 bottom-0 rounded ${color}`}
          style={value < 0 ? { right: '50%', width: `${half}%` } : { left: '50%', width: `${Math.max(half, 0.5)}%` }}
        />
      </div>
      <span className="fw-semibold" style={{ minWidth: '4ch' }}>
        {value}
      </span>
    </div>
  );
}
