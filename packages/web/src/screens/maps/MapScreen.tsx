import { useState } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import type { MapArea, MapPoint } from '@loreforge/contract';
import { handleError, notFoundMessage } from '../../api/client';
import { areasResource, pointsResource, useMap, useMapAreas, useMapImageMutations, useMapPoints } from '../../api/maps';
import { useResourceMutations } from '../../api/resource';
import { IfAllowed } from '../../components/access/IfAllowed';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { NotesPanel } from '../../components/notes/NotesPanel';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { TagEditor } from '../../components/tags/TagEditor';
import { AreaFormModal } from './AreaFormModal';
import { MapCanvas, type MapMode } from './MapCanvas';
import { MapFeatureList } from './MapFeatureList';
import { MapImageUpload } from './MapImageUpload';
import type { PixelPoint } from './map-coordinates';
import { FEATURE_SAVE_FAILED } from './FeatureFormModal';
import { PointFormModal } from './PointFormModal';
import { useMapImage } from './useMapImage';
import { RichText } from '../../components/rich-text/RichText';
import { MentionedIn } from '../../components/rich-text/MentionedIn';

type PointDialog = { point: MapPoint | null; position: PixelPoint | null };
type AreaDialog = { area: MapArea | null; drawn: [number, number][] };
type PendingDelete = { kind: 'point'; point: MapPoint } | { kind: 'area'; area: MapArea } | { kind: 'image' };

const pointInput = (point: MapPoint, position: PixelPoint) => ({
  name: point.name,
  description: point.description,
  x: position.x,
  y: position.y,
  entity: point.entity ? { type: point.entity.type, id: point.entity.id } : null,
});

/**
 * /worlds/:worldId/maps/:mapId (SPEC §2 Maps; the issue's real maps): the uploaded image in Leaflet with the
 * map's points as draggable pins and areas as coloured polygons. A click adds a point; drawing places an
 * area's vertices; dragging a pin moves its point; Reshape puts handles on an area's corners and centre to move
 * them. The side list edits and deletes both and adds them with
 * typed coordinates for keyboard users. A map without an image shows an upload prompt.
 * Players and viewers (issue 11) see the map, its points and areas and their own notes, with none of the
 * controls that change it.
 */
export function MapScreen() {
  const { worldId = '', mapId = '' } = useParams();
  const map = useMap(worldId, mapId);
  const canManage = useWorldAccess(worldId).isEditor;
  const points = useMapPoints(worldId, mapId);
  const areas = useMapAreas(worldId, mapId);
  const image = useMapImage(worldId, mapId, map.data?.image?.updatedAt ?? null);
  const pointMutations = useResourceMutations(pointsResource(worldId, mapId));
  const areaMutations = useResourceMutations(areasResource(worldId, mapId));
  const imageMutations = useMapImageMutations(worldId, mapId, map.data?.image?.updatedAt);
  const [mode, setMode] = useState<MapMode>('view');
  const [draft, setDraft] = useState<PixelPoint[]>([]);
  const [pointDialog, setPointDialog] = useState<PointDialog | null>(null);
  const [areaDialog, setAreaDialog] = useState<AreaDialog | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [selectedPointId, setSelectedPointId] = useState<string | null>(null);
  const [reshapingId, setReshapingId] = useState<string | null>(null);

  if (map.isPending) return <LoadingSpinner label="Loading map..." />;
  if (map.isError) {
    const missing = notFoundMessage(map.error, 'Map not found.');
    return (
      <Container className="py-4">
        <ErrorAlert message={missing ?? handleError(map.error, 'Failed to load page data. Please try again.')} onRetry={missing ? undefined : () => void map.refetch()}>
          <Link to={`/worlds/${worldId}/maps`} className="alert-link d-inline-block mt-2">Back to the maps</Link>
        </ErrorAlert>
      </Container>
    );
  }
  const m = map.data;
  const pointRows = points.data?.data ?? [];
  const areaRows = areas.data?.data ?? [];
  const reshaping = areaRows.find((area) => area.areaId === reshapingId) ?? null;

  const handleMapClick = (position: PixelPoint) => {
    if (mode === 'add-point') {
      setMode('view');
      setPointDialog({ point: null, position });
    } else if (mode === 'draw-area') {
      setDraft((list) => [...list, position]);
    }
  };

  const handlePointMove = async (point: MapPoint, position: PixelPoint) => {
    setActionError(null);
    try {
      await pointMutations.update.mutateAsync({ id: point.pointId, input: pointInput(point, position) });
    } catch (error) {
      setActionError(handleError(error, FEATURE_SAVE_FAILED));
      setResetKey((k) => k + 1);
    }
  };

  const handleAreaReshape = async (area: MapArea, polygon: [number, number][]) => {
    setActionError(null);
    try {
      await areaMutations.update.mutateAsync({
        id: area.areaId,
        input: { name: area.name, description: area.description, color: area.color, polygon },
        version: area.updatedAt,
      });
    } catch (error) {
      setActionError(handleError(error, FEATURE_SAVE_FAILED));
      setResetKey((k) => k + 1);
    }
  };

  const finishDrawing = () => {
    setAreaDialog({ area: null, drawn: draft.map((p): [number, number] => [p.x, p.y]) });
    setMode('view');
    setDraft([]);
  };

  const cancelDrawing = () => {
    setMode('view');
    setDraft([]);
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    if (pendingDelete.kind === 'point') await pointMutations.remove.mutateAsync(pendingDelete.point.pointId);
    else if (pendingDelete.kind === 'area') await areaMutations.remove.mutateAsync(pendingDelete.area.areaId);
    else await imageMutations.remove.mutateAsync();
    setPendingDelete(null);
  };

  const canvas = () => {
    if (!m.image) {
      return (
        <Card className="lf-card h-100">
          <Card.Body className="p-4 text-center d-flex flex-column justify-content-center gap-3" style={{ minHeight: 360 }}>
            <div>
              <h2 className="h5">This map has no image yet</h2>
              {canManage && <p className="text-body-secondary mb-0">Upload a PNG, JPEG or WebP image (up to 10 MB) to place points and areas on it.</p>}
            </div>
            {canManage && (
              <div className="mx-auto text-start" style={{ maxWidth: 420 }}>
                <MapImageUpload worldId={worldId} mapId={mapId} label="Upload map image" />
              </div>
            )}
          </Card.Body>
        </Card>
      );
    }
    if (image.status === 'loading' || image.status === 'none') return <LoadingSpinner label="Loading map image..." />;
    if (image.status === 'error') return <ErrorAlert message={image.message} />;
    return (
      <MapCanvas
        label={`Map of ${m.name}`}
        imageUrl={image.url}
        size={image.size}
        points={pointRows}
        areas={areaRows}
        mode={mode}
        draft={draft}
        resetKey={resetKey}
        onMapClick={handleMapClick}
        onPointMove={(point, position) => void handlePointMove(point, position)}
        onPointSelect={(point) => setSelectedPointId(point.pointId)}
        onAreaSelect={(area) => { if (canManage) setAreaDialog({ area, drawn: [] }); }}
        readOnly={!canManage}
        reshaping={mode === 'view' ? reshaping : null}
        onAreaReshape={(area, polygon) => void handleAreaReshape(area, polygon)}
      />
    );
  };

  return (
    <Container fluid="xl" className="py-4">
      <header className="lf-panel mb-3 d-flex flex-wrap align-items-start gap-3">
        <div className="me-auto min-w-0">
          <h1 className="h3 mb-1 text-break">{m.name}</h1>
          {m.descriptionHtml && <div className="mb-0 text-body-secondary"><RichText worldId={m.worldId} html={m.descriptionHtml} /></div>}
          <div className="mt-2">
            <TagEditor worldId={worldId} type="map" id={m.mapId} />
          </div>
          <MentionedIn worldId={m.worldId} type="map" id={m.mapId} />
        </div>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          {canManage && image.status === 'ready' && (
            <>
              <Button variant={mode === 'add-point' ? 'primary' : 'outline-primary'} aria-pressed={mode === 'add-point'}
                onClick={() => { setDraft([]); setMode(mode === 'add-point' ? 'view' : 'add-point'); }}>
                Place point on map
              </Button>
              <Button variant={mode === 'draw-area' ? 'primary' : 'outline-primary'} aria-pressed={mode === 'draw-area'}
                onClick={() => (mode === 'draw-area' ? cancelDrawing() : (setDraft([]), setMode('draw-area')))}>
                Draw area
              </Button>
            </>
          )}
          <IfAllowed worldId={worldId} to="manage">
            <Link to={`/worlds/${worldId}/maps/${mapId}/edit`} className="btn btn-outline-secondary">Edit map</Link>
          </IfAllowed>
        </div>
      </header>

      <ErrorAlert message={actionError} onDismiss={() => setActionError(null)} />
      {reshaping && mode === 'view' && (
        <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">
            Reshaping <strong>{reshaping.name}</strong>: drag a corner to move it, or the centre handle to move the whole area.
          </span>
          <Button size="sm" onClick={() => setReshapingId(null)}>Done</Button>
        </Alert>
      )}
      {mode === 'add-point' && <Alert variant="info">Click the map where the new point belongs. <Button size="sm" variant="link" onClick={() => setMode('view')}>Cancel</Button></Alert>}
      {mode === 'draw-area' && (
        <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto" aria-live="polite">Click the map to place the area's corners: {draft.length} placed{draft.length < 3 ? ` (at least 3 needed)` : ''}.</span>
          <Button size="sm" onClick={finishDrawing} disabled={draft.length < 3}>Finish area</Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setDraft((list) => list.slice(0, -1))} disabled={draft.length === 0}>Undo last</Button>
          <Button size="sm" variant="outline-secondary" onClick={cancelDrawing}>Cancel</Button>
        </Alert>
      )}

      <Row className="g-3">
        <Col lg={8}>{canvas()}</Col>
        <Col lg={4}>
          <div className="lf-panel">
            {canManage && m.image && (
              <div className="mb-4 d-flex flex-column gap-2">
                <MapImageUpload worldId={worldId} mapId={mapId} label="Replace map image" version={map.data?.image?.updatedAt} />
                <Button size="sm" variant="outline-danger" className="align-self-start" onClick={() => setPendingDelete({ kind: 'image' })}>
                  Remove image
                </Button>
              </div>
            )}
            {(points.isPending || areas.isPending) && <LoadingSpinner inline label="Loading points and areas..." />}
            {points.isError && <ErrorAlert message={handleError(points.error, 'Failed to load points. Please try again.')} onRetry={() => void points.refetch()} />}
            {areas.isError && <ErrorAlert message={handleError(areas.error, 'Failed to load areas. Please try again.')} onRetry={() => void areas.refetch()} />}
            <MapFeatureList
              points={pointRows}
              areas={areaRows}
              selectedPointId={selectedPointId}
              onAddPoint={() => setPointDialog({ point: null, position: null })}
              onEditPoint={(point) => setPointDialog({ point, position: null })}
              onDeletePoint={(point) => setPendingDelete({ kind: 'point', point })}
              onAddArea={() => setAreaDialog({ area: null, drawn: [] })}
              onEditArea={(area) => setAreaDialog({ area, drawn: [] })}
              onDeleteArea={(area) => setPendingDelete({ kind: 'area', area })}
              canManage={canManage}
              {...(image.status === 'ready'
                ? { onReshapeArea: (area: MapArea) => setReshapingId(area.areaId === reshapingId ? null : area.areaId), reshapingAreaId: reshapingId }
                : {})}
            />
          </div>
          <div className="lf-panel mt-3">
            <NotesPanel worldId={worldId} entityType="map" entityId={mapId} className="" />
          </div>
        </Col>
      </Row>

      {pointDialog && (
        <PointFormModal
          worldId={worldId}
          point={pointDialog.point}
          position={pointDialog.position}
          onClose={() => setPointDialog(null)}
          onSave={(input) => {
            const editing = pointDialog.point;
            return editing
              ? pointMutations.update.mutateAsync({ id: editing.pointId, input })
              : pointMutations.create.mutateAsync(input);
          }}
        />
      )}
      {areaDialog && (
        <AreaFormModal
          worldId={worldId}
          area={areaDialog.area}
          drawn={areaDialog.drawn}
          onClose={() => setAreaDialog(null)}
          onSave={(input) => {
            const editing = areaDialog.area;
            return editing
              ? areaMutations.update.mutateAsync({ id: editing.areaId, input })
              : areaMutations.create.mutateAsync(input);
          }}
        />
      )}
      <ConfirmDeleteModal
        show={pendingDelete !== null}
        entityType={pendingDelete?.kind === 'image' ? 'map image' : `map ${pendingDelete?.kind ?? 'point'}`}
        entityName={pendingDelete?.kind === 'point' ? pendingDelete.point.name : pendingDelete?.kind === 'area' ? pendingDelete.area.name : null}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </Container>
  );
}
