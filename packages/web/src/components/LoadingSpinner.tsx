import Spinner from 'react-bootstrap/Spinner';

/**
 * A centred spinner with a visible, announced label (no blank screens, SPEC issue: loading states).
 * @param label text shown beside the spinner, e.g. 'Loading characters...'. Default 'Loading...'.
 * @param inline render small and inline instead of centred in a block.
 */
export function LoadingSpinner({ label = 'Loading...', inline = false }: { label?: string; inline?: boolean }) {
  if (inline) {
    return (
      <span role="status" className="d-inline-flex align-items-center gap-2 text-body-secondary">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>{label}</span>
      </span>
    );
  }
  return (
    <div role="status" className="d-flex flex-column align-items-center justify-content-center gap-2 py-5 lf-loading">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="text-body-secondary">{label}</span>
    </div>
  );
}
