import { useId, useRef, useState, type ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { MESSAGES } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { MAP_IMAGE_TYPES, mapImageProblem, useMapImageMutations } from '../../api/maps';
import { ErrorAlert } from '../../components/ErrorAlert';

/** SPEC §8: a map save failure without a server message. */
export const MAP_SAVE_FAILED = 'An unexpected error occurred while saving the map.';

/** Props of {@link MapImageUpload}. */
export interface MapImageUploadProps {
  worldId: string;
  mapId: string;
  /** 'Upload image' for an empty map, 'Replace image' otherwise. */
  label: string;
  /** The updatedAt of the image being replaced, sent as If-Match; undefined for a map without one. */
  version?: string | undefined;
}

/**
 * A file input for the map image (PNG, JPEG or WebP, at most 10 MB). The file is checked first, then sent
 * raw; the server's message is shown when it refuses it.
 */
export function MapImageUpload({ worldId, mapId, label, version }: MapImageUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { upload } = useMapImageMutations(worldId, mapId, version);
  const [error, setError] = useState<string | null>(null);

  const handleChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setError(null);
    const problem = mapImageProblem(file, MESSAGES.unsupportedImage);
    if (problem) {
      setError(problem);
    } else {
      try {
        await upload.mutateAsync(file);
      } catch (err) {
        setError(handleError(err, MAP_SAVE_FAILED));
      }
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div>
      <Form.Group controlId={id}>
        <Form.Label className="fw-semibold">{label}</Form.Label>
        <div className="d-flex align-items-center gap-2">
          <Form.Control
            ref={input}
            type="file"
            accept={MAP_IMAGE_TYPES.join(',')}
            onChange={(e) => void handleChange(e as ChangeEvent<HTMLInputElement>)}
            disabled={upload.isPending}
            aria-describedby={`${id}-help`}
          />
          {upload.isPending && <Spinner animation="border" size="sm" role="status" aria-label="Uploading image" />}
        </div>
        <Form.Text id={`${id}-help`}>PNG, JPEG or WebP, up to 10 MB.</Form.Text>
      </Form.Group>
      <ErrorAlert message={error} onDismiss={() => setError(null)} className="mt-2 mb-0" />
    </div>
  );
}
