import { useId, useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { type CalendarImportResult, useCalendarImport } from '../../api/calendars';
import { handleError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Largest file the import reads (a Fantasy-Calendar export with its events is rarely above a few hundred KB). */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Reads a chosen file as JSON.
 * @returns the parsed value.
 * @throws Error with a sentence a person can act on: too large, or not JSON.
 */
export async function readJsonFile(file: File): Promise<unknown> {
  if (file.size > IMPORT_FILE_MAX_BYTES) throw new Error(`${file.name} is larger than 5 MB; a Fantasy-Calendar export is much smaller.`);
  try {
    return JSON.parse(await file.text()) as unknown;
  } catch {
    throw new Error(`${file.name} is not a JSON file. Export the calendar from Fantasy-Calendar as JSON and choose that file.`);
  }
}

/**
 * Imports a calendar from a Fantasy-Calendar JSON export (POST …/calendars/import, issue 12): a file input and an
 * Import button; afterwards the new calendar's link and the notes on what could not be carried over.
 */
export function ImportCalendarForm({ worldId }: { worldId: string }) {
  const id = useId();
  const importing = useCalendarImport(worldId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CalendarImportResult | null>(null);

  const run = async () => {
    setError(null);
    setResult(null);
    if (!file) {
      setError('Choose a Fantasy-Calendar JSON export first.');
      return;
    }
    try {
      setResult(await importing.mutateAsync(await readJsonFile(file)));
    } catch (failure) {
      setError(handleError(failure, 'Failed to import the calendar. Please try again.'));
    }
  };

  return (
    <section aria-label="Import a calendar" className="lf-panel mb-3">
      <h2 className="h6">Import from Fantasy-Calendar</h2>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group>
          <Form.Label htmlFor={id} className="small mb-0">
            Fantasy-Calendar JSON export
          </Form.Label>
          <Form.Control
            id={id}
            type="file"
            size="sm"
            accept=".json,application/json"
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
        </Form.Group>
        <Button size="sm" variant="outline-primary" disabled={importing.isPending} onClick={() => void run()}>
          {importing.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Import
        </Button>
      </div>
      <ErrorAlert message={error} onDismiss={() => setError(null)} />
      {result && (
        <Alert variant="success" className="mt-2 mb-0">
          Imported <Link to={`/worlds/${worldId}/calendars/${result.calendarId}`}>{result.name}</Link>.
          {result.importNotes.length > 0 && (
            <ul className="small mb-0 mt-1">
              {result.importNotes.map((note, index) => (
                <li key={index}>{note}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </section>
  );
}
