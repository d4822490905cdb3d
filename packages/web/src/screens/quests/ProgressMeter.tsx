/** Props of {@link ProgressMeter}. */
export interface ProgressMeterProps {
  now: number;
  max: number;
  /** Accessible name, e.g. 'Progress of Collect moonstones: 2 of 5'. */
  label: string;
  /** Text inside the bar, e.g. '2/5'. */
  text?: string;
  variant?: 'primary' | 'success';
  height?: number;
}

/**
 * A Bootstrap 5.3 progress bar with the progressbar role and its values on the outer element, so assistive
 * technology announces the named value (react-bootstrap puts the name and the role on different elements).
 */
export function ProgressMeter({ now, max, label, text, variant = 'primary', height }: ProgressMeterProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (now / max) * 100)) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuenow={now}
      aria-valuemin={0}
      aria-valuemax={max}
      style={height ? { height } : undefined}
    >
      <div className={`progress-bar bg-${variant}`} style={{ width: `${percent}%` }}>
        {text}
      </div>
    </div>
  );
}
