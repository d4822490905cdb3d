import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { ExportFormat } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { MenuButton } from '../../components/overlays/MenuButton';
import { EXPORT_CHOICES, downloadWorldExport, formatBytes } from '../../api/transfer';

/** Failure text of an export whose answer carried no message. */
export const EXPORT_FAILED = 'The export failed. Please try again.';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; label: string; loaded: number }
  | { kind: 'done'; fileName: string }
  | { kind: 'failed'; message: string };

/**
 * The world page's Export control (issue 13): a menu of formats (Loreforge bundle, OnlyWorlds, Markdown vault);
 * choosing one downloads the archive of what the reader may see, showing the bytes received while it streams, a
 * Cancel button, then the saved file's name, or the server's message when it fails.
 * @param worldId the world to export; @param size 'sm' beside the smaller heading of the other tabs.
 */
export function ExportWorldControl({ worldId, size }: { worldId: string; size?: 'sm' | undefined }) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const handleExport = async (format: ExportFormat, label: string) => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'running', label, loaded: 0 });
    try {
      const fileName = await downloadWorldExport(
        worldId,
        format,
        ({ loaded }) => setState({ kind: 'running', label, loaded }),
        controller.signal,
      );
      setState({ kind: 'done', fileName });
    } catch (error) {
      setState(controller.signal.aborted ? { kind: 'idle' } : { kind: 'failed', message: handleError(error, EXPORT_FAILED) });
    } finally {
      abort.current = null;
    }
  };

  return (
    <div className="d-flex flex-column align-items-end gap-1">
      <MenuButton
        id={`export-${worldId}`}
        label="Export"
        variant="light"
        size={size}
        disabled={state.kind === 'running'}
        align="end"
        choices={EXPORT_CHOICES.map((choice) => ({
          key: choice.format,
          label: (
            <>
              <div>{choice.label}</div>
              <div className="small text-body-secondary">{choice.hint}</div>
            </>
          ),
          onSelect: () => void handleExport(choice.format, choice.label),
        }))}
      />
      {state.kind === 'running' && (
        <div role="status" className="small text-white d-flex align-items-center gap-2">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>
            Exporting {state.label}… {formatBytes(state.loaded)} received
          </span>
          <Button size="sm" variant="link" className="text-white p-0" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </div>
      )}
      {state.kind === 'done' && (
        <div role="status" className="small text-white">
          Saved {state.fileName}
        </div>
      )}
      {state.kind === 'failed' && (
        <Alert
          variant="danger"
          className="py-1 px-2 mb-0 small"
          dismissible
          onClose={() => setState({ kind: 'idle' })}
          closeLabel="Dismiss"
        >
          {state.message}
        </Alert>
      )}
    </div>
  );
}
