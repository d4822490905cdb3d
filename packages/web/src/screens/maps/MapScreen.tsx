import { useEffect, useReducer } from 'react';
import { Link, useParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import type { MapArea, MapPoint } from '@loreforge/contract';
import { handleError, notFoundMessage } from '../../api/client';
import { areasResource, pointsResource, useMap, useMapAreas, useMapImageMutations, useMapPoints } from '../../api/maps';
import { useResourceMutations } from '../../api/resource';
import { IfAllowed } from '../../components/access/IfAllowed';
import { NotesPanel } from '../../components/notes/NotesPanel';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { TagEditor } from '../../components/tags/TagEditor';
import { MapFeatureList } from './MapFeatureList';
import { MapImageUpload } from './MapImageUpload';
import type { PixelPoint } from './map-coordinates';
import { FEATURE_SAVE_FAILED } from './FeatureFormModal';
import { useMapImage } from './useMapImage';
import { MapDialogs, preloadFeatureForms, type DeleteTarget } from './MapDialogs';
import { MapModeBanner, MapModeButtons } from './MapModeControls';
import { MapStage } from './MapStage';
import { initialMapScreenState, mapScreenReducer } from './map-screen-state';
import { RichText } from '../../components/rich-text/RichText';
import { MentionedIn } from '../../components/rich-text/MentionedIn';

const pointInput = (point: MapPoint, position: PixelPoint) => ({
  name: point.name,
  description: point.description,
  // The formatted text goes back as it is, or the server would rebuild it from the plain text.
  descriptionHtml: point.descriptionHtml,
  x: position.x,
  y: position.y,
  entity: point.entity ? { type: point.entity.type, id: point.entity.id } : null,
});

/**
 * /worlds/:worldId/maps/:mapId (SPEC §2 Maps; the real maps): the uploaded image in Leaflet with the
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
  const [state, dispatch] = useReducer(mapScreenReducer, initialMapScreenState);
  const { mode, draft, dialog, actionError, selectedPointId, reshapingId } = state;
  const loaded = map.isSuccess;
  // An editor's map is shown first; its point and area forms load after, before the editor reaches for them.
  useEffect(() => {
    if (canManage && loaded) preloadFeatureForms();
  }, [canManage, loaded]);

  if (map.isPending) return <LoadingSpinner label="Loading map..." />;
  if (map.isError) {
    const missing = notFoundMessage(map.error, 'Map not found.');
    return (
      <Container className="py-4">
        <ErrorAlert
          message={missing ?? handleError(map.error, 'Failed to load page data. Please try again.')}
          onRetry={missing ? undefined : () => void map.refetch()}
        >
          <Link to={`/worlds/${worldId}/maps`} className="alert-link d-inline-block mt-2">
            Back to the maps
          </Link>
        </ErrorAlert>
      </Container>
    );
  }
  const m = map.data;
  const pointRows = points.data?.data ?? [];
  const areaRows = areas.data?.data ?? [];
  const reshaping = areaRows.find((area) => area.areaId === reshapingId) ?? null;

  const handlePointMove = async (point: MapPoint, position: PixelPoint) => {
    dispatch({ type: 'action-started' });
    try {
      await pointMutations.update.mutateAsync({ id: point.pointId, input: pointInput(point, position) });
    } catch (error) {
      dispatch({ type: 'action-failed', message: handleError(error, FEATURE_SAVE_FAILED) });
    }
  };

  const handleAreaReshape = async (area: MapArea, polygon: Array<[number, number]>) => {
    dispatch({ type: 'action-started' });
    try {
      await areaMutations.update.mutateAsync({
        id: area.areaId,
        input: { name: area.name, description: area.description, descriptionHtml: area.descriptionHtml, color: area.color, polygon },
        version: area.updatedAt,
      });
    } catch (error) {
      dispatch({ type: 'action-failed', message: handleError(error, FEATURE_SAVE_FAILED) });
    }
  };

  const confirmDelete = async (target: DeleteTarget) => {
    if (target.kind === 'point') await pointMutations.remove.mutateAsync(target.point.pointId);
    else if (target.kind === 'area') await areaMutations.remove.mutateAsync(target.area.areaId);
    else await imageMutations.remove.mutateAsync();
    dispatch({ type: 'close-dialog' });
  };

  return (
    <Container fluid="xl" className="py-4">
      <header className="lf-panel mb-3 d-flex flex-wrap align-items-start gap-3">
        <div className="me-auto min-w-0">
          <h1 className="h3 mb-1 text-break">{m.name}</h1>
          {m.descriptionHtml && (
            <div className="mb-0 text-body-secondary">
              <RichText worldId={m.worldId} html={m.descriptionHtml} />
            </div>
          )}
          <div className="mt-2">
            <TagEditor worldId={worldId} type="map" id={m.mapId} />
          </div>
          <MentionedIn worldId={m.worldId} type="map" id={m.mapId} />
        </div>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          {canManage && image.status === 'ready' && <MapModeButtons mode={mode} dispatch={dispatch} />}
          <IfAllowed worldId={worldId} to="manage">
            <Link to={`/worlds/${worldId}/maps/${mapId}/edit`} className="btn btn-outline-secondary">
              Edit map
            </Link>
          </IfAllowed>
        </div>
      </header>

      <ErrorAlert message={actionError} onDismiss={() => dispatch({ type: 'dismiss-error' })} />
      <MapModeBanner mode={mode} draftCorners={draft.length} reshaping={mode === 'view' ? reshaping : null} dispatch={dispatch} />

      <Row className="g-3">
        <Col lg={8}>
          <MapStage
            worldId={worldId}
            map={m}
            image={image}
            canManage={canManage}
            points={pointRows}
            areas={areaRows}
            state={state}
            reshaping={mode === 'view' ? reshaping : null}
            dispatch={dispatch}
            onPointMove={(point, position) => void handlePointMove(point, position)}
            onAreaReshape={(area, polygon) => void handleAreaReshape(area, polygon)}
          />
        </Col>
        <Col lg={4}>
          <div className="lf-panel">
            {canManage && m.image && (
              <div className="mb-4 d-flex flex-column gap-2">
                <MapImageUpload worldId={worldId} mapId={mapId} label="Replace map image" version={m.image.updatedAt} />
                <Button
                  size="sm"
                  variant="outline-danger"
                  className="align-self-start"
                  onClick={() => dispatch({ type: 'ask-delete', target: { kind: 'image' } })}
                >
                  Remove image
                </Button>
              </div>
            )}
            {(points.isPending || areas.isPending) && <LoadingSpinner inline label="Loading points and areas..." />}
            {points.isError && (
              <ErrorAlert
                message={handleError(points.error, 'Failed to load points. Please try again.')}
                onRetry={() => void points.refetch()}
              />
            )}
            {areas.isError && (
              <ErrorAlert
                message={handleError(areas.error, 'Failed to load areas. Please try again.')}
                onRetry={() => void areas.refetch()}
              />
            )}
            <MapFeatureList
              points={pointRows}
              areas={areaRows}
              selectedPointId={selectedPointId}
              onAddPoint={() => dispatch({ type: 'open-point', point: null })}
              onEditPoint={(point) => dispatch({ type: 'open-point', point })}
              onDeletePoint={(point) => dispatch({ type: 'ask-delete', target: { kind: 'point', point } })}
              onAddArea={() => dispatch({ type: 'open-area', area: null })}
              onEditArea={(area) => dispatch({ type: 'open-area', area })}
              onDeleteArea={(area) => dispatch({ type: 'ask-delete', target: { kind: 'area', area } })}
              canManage={canManage}
              {...(image.status === 'ready'
                ? {
                    onReshapeArea: (area: MapArea) => dispatch({ type: 'toggle-reshape', areaId: area.areaId }),
                    reshapingAreaId: reshapingId,
                  }
                : {})}
            />
          </div>
          <div className="lf-panel mt-3">
            <NotesPanel worldId={worldId} entityType="map" entityId={mapId} className="" />
          </div>
        </Col>
      </Row>

      <MapDialogs
        worldId={worldId}
        dialog={dialog}
        onClose={() => dispatch({ type: 'close-dialog' })}
        onSavePoint={(input, editing) =>
          editing ? pointMutations.update.mutateAsync({ id: editing.pointId, input }) : pointMutations.create.mutateAsync(input)
        }
        onSaveArea={(input, editing) =>
          editing ? areaMutations.update.mutateAsync({ id: editing.areaId, input }) : areaMutations.create.mutateAsync(input)
        }
        onConfirmDelete={confirmDelete}
      />
    </Container>
  );
}
