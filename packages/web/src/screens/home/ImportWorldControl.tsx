import { type DragEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { BUNDLE_ENTITY_TYPES, type BundleEntityType, type ImportResult } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { formatBytes, uploadWorldImport } from '../../api/transfer';
import { worldsResource } from '../../api/worlds';
import { pluralize } from '../../lib/text';

/** Failure text of an import whose answer carried no message. */
export const IMPORT_FAILED = 'The import failed. Please try again.';

/** How each entity type reads in the summary: singular, and the plural where adding an s is wrong. */
const ENTITY_LABELS: Record<BundleEntityType, [string, string?]> = {
  calendars: ['calendar'],
  characters: ['character'],
  items: ['item'],
  inventory: ['inventory entry', 'inventory entries'],
  goals: ['goal'],
  relationships: ['relationship'],
  timelines: ['timeline'],
  events: ['event'],
  maps: ['map'],
  mapPoints: ['map point'],
  mapAreas: ['map area'],
  quests: ['quest'],
  objectives: ['objective'],
  connections: ['connection'],
  tags: ['tagged entity', 'tagged entities'],
};
const FORMAT_LABELS: Record<string, string> = { bundle: 'Loreforge bundle', kanka: 'Kanka export', onlyworlds: 'OnlyWorlds folder' };

type ImportState =
  | { kind: 'choosing' }
  | { kind: 'uploading'; name: string; loaded: number; total: number }
  | { kind: 'done'; result: ImportResult }
  | { kind: 'failed'; message: string };

/** The summary of a finished import: what was created, what could not be mapped, a link to the new world. */
function ImportSummary({ result }: { result: ImportResult }) {
  const created = BUNDLE_ENTITY_TYPES.filter((type) => result.created[type] > 0);
  return (
    <div>
      <p>
        Imported <strong>{result.world.name}</strong> from a {FORMAT_LABELS[result.format] ?? result.format}.
      </p>
      <h3 className="h6">Created</h3>
      {created.length === 0 ? (
        <p className="text-body-secondary">An empty world.</p>
      ) : (
        <ul aria-label="Created">
          {created.map((type) => (
            <li key={type}>
              {result.created[type]} {pluralize(result.created[type], ...ENTITY_LABELS[type])}
            </li>
          ))}
        </ul>
      )}
      <h3 className="h6">Not mapped</h3>
      {result.notMapped.length === 0 ? (
        <p className="text-body-secondary">Everything in the file was carried over.</p>
      ) : (
        <ul aria-label="Not mapped" className="small">
          {result.notMapped.map((item, index) => (
            <li key={`${item.path}-${index}`}>
              <code>{item.path}</code>: {item.reason}
            </li>
          ))}
        </ul>
      )}
      <Link to={`/worlds/${result.world.worldId}`} className="btn btn-primary">
        Open {result.world.name}
      </Link>
    </div>
  );
}

/**
 * The worlds home's Import control (issue 13): a button opening a dialog where a file is dropped or chosen (a
 * Loreforge bundle, or another export the server recognises), uploaded with a progress bar, then a summary of what
 * was created, the list of what could not be mapped and a link to the new world; a refused file shows the server's
 * message, which says what is wrong with it.
 */
export function ImportWorldControl() {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<ImportState>({ kind: 'choosing' });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const titleId = useId();
  const queryClient = useQueryClient();

  const handleFile = async (file: File) => {
    setState({ kind: 'uploading', name: file.name, loaded: 0, total: file.size });
    try {
      const result = await uploadWorldImport(file, ({ loaded, total }) =>
        setState({ kind: 'uploading', name: file.name, loaded, total: total ?? file.size }),
      );
      setState({ kind: 'done', result });
      await queryClient.invalidateQueries({ queryKey: worldsResource.key });
    } catch (error) {
      setState({ kind: 'failed', message: handleError(error, IMPORT_FAILED) });
    }
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void handleFile(file);
  };

  const handleClose = () => {
    if (state.kind === 'uploading') return;
    setOpen(false);
    setState({ kind: 'choosing' });
  };

  return (
    <>
      <Button variant="light" className="fw-semibold" onClick={() => setOpen(true)}>
        Import World
      </Button>
      <Modal show={open} onHide={handleClose} centered aria-labelledby={titleId}>
        <Modal.Header closeButton={state.kind !== 'uploading'}>
          <Modal.Title as="h2" className="h5" id={titleId}>
            Import a world
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {(state.kind === 'choosing' || state.kind === 'failed') && (
            <>
              {state.kind === 'failed' && <Alert variant="danger">{state.message}</Alert>}
              <div
                className={`border border-2 rounded p-4 text-center ${dragging ? 'border-primary bg-primary-subtle' : 'border-secondary-subtle'}`}
                style={{ ['--bs-border-style' as string]: 'dashed' }}
                onDragOver={(event) => {
                  event.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={handleDrop}
                data-testid="import-drop-zone"
              >
                <p className="mb-2">Drop a Loreforge bundle, a Kanka campaign export or an OnlyWorlds folder (.zip) here</p>
                <label htmlFor={inputId} className="btn btn-outline-primary mb-0">
                  Choose a file
                </label>
                <input
                  id={inputId}
                  ref={input}
                  type="file"
                  accept=".zip,application/zip"
                  className="visually-hidden"
                  aria-label="Archive to import"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) void handleFile(file);
                    event.target.value = '';
                  }}
                />
              </div>
              <p className="small text-body-secondary mt-2 mb-0">
                The format is recognised from the file. A new world of yours is created; nothing else changes.
              </p>
            </>
          )}
          {state.kind === 'uploading' && (
            <div role="status">
              <p className="mb-2">Importing {state.name}…</p>
              <ProgressBar
                now={state.total > 0 ? Math.round((state.loaded / state.total) * 100) : 0}
                label={`${formatBytes(state.loaded)} of ${formatBytes(state.total)}`}
                aria-label="Upload progress"
              />
              {state.total > 0 && state.loaded >= state.total && <p className="small mt-2 mb-0">Uploaded; creating the world…</p>}
            </div>
          )}
          {state.kind === 'done' && <ImportSummary result={state.result} />}
        </Modal.Body>
      </Modal>
    </>
  );
}
