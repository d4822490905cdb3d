import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { LIMITS, type MapArea, type MapPoint } from '@loreforge/contract';
import { truncate } from '../../lib/format';

/** Props of {@link MapFeatureList}. */
export interface MapFeatureListProps {
  points: readonly MapPoint[];
  areas: readonly MapArea[];
  selectedPointId?: string | null;
  onAddPoint: () => void;
  onEditPoint: (point: MapPoint) => void;
  onDeletePoint: (point: MapPoint) => void;
  onAddArea: () => void;
  onEditArea: (area: MapArea) => void;
  onDeleteArea: (area: MapArea) => void;
  /** Shows drag handles for the area on the map; absent when the map has no image. */
  onReshapeArea?: (area: MapArea) => void;
  /** The area being reshaped, if any. */
  reshapingAreaId?: string | null;
  /** Whether the add, edit, delete and reshape buttons show (editors and the owner, issue 11); default true. */
  canManage?: boolean;
}

/**
 * The side list of a map's points and areas: each with its position or vertex count, its link, and Edit and
 * Delete buttons (areas also Reshape, which puts drag handles on the map); 'Add point' and 'Add area' open the forms with typed coordinates, so everything on the map
 * can also be done from the keyboard.
 */
export function MapFeatureList(props: MapFeatureListProps) {
  const {
    points,
    areas,
    selectedPointId,
    onAddPoint,
    onEditPoint,
    onDeletePoint,
    onAddArea,
    onEditArea,
    onDeleteArea,
    onReshapeArea,
    reshapingAreaId,
    canManage = true,
  } = props;
  return (
    <div className="lf-map-side">
      <section aria-labelledby="map-points-heading" className="mb-4">
        <div className="d-flex align-items-center mb-2">
          <h2 id="map-points-heading" className="h6 mb-0 me-auto">
            Points ({points.length})
          </h2>
          {canManage && (
            <Button size="sm" variant="outline-primary" onClick={onAddPoint}>
              Add point
            </Button>
          )}
        </div>
        {points.length === 0 ? (
          <p className="small text-body-secondary mb-0">No points yet.</p>
        ) : (
          <ListGroup as="ul">
            {points.map((point) => (
              <ListGroup.Item
                as="li"
                key={point.pointId}
                active={point.pointId === selectedPointId}
                className="d-flex gap-2 align-items-start"
              >
                <div className="me-auto min-w-0">
                  <div className="fw-semibold text-break" title={point.name}>
                    {truncate(point.name, LIMITS.truncateName)}
                  </div>
                  <div className="small">
                    x {point.x}, y {point.y}
                  </div>
                  {point.entity && (
                    <Badge bg="info" text="dark" className="mt-1 mw-100 text-wrap text-start">
                      {point.entity.type === 'character' ? 'Character' : 'Item'}: {point.entity.name ?? point.entity.id.slice(0, 8)}
                    </Badge>
                  )}
                </div>
                {canManage && (
                  <>
                    <Button size="sm" variant="outline-primary" onClick={() => onEditPoint(point)} aria-label={`Edit point ${point.name}`}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => onDeletePoint(point)}
                      aria-label={`Delete point ${point.name}`}
                    >
                      Delete
                    </Button>
                  </>
                )}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </section>
      <section aria-labelledby="map-areas-heading">
        <div className="d-flex align-items-center mb-2">
          <h2 id="map-areas-heading" className="h6 mb-0 me-auto">
            Areas ({areas.length})
          </h2>
          {canManage && (
            <Button size="sm" variant="outline-primary" onClick={onAddArea}>
              Add area
            </Button>
          )}
        </div>
        {areas.length === 0 ? (
          <p className="small text-body-secondary mb-0">No areas yet.</p>
        ) : (
          <ListGroup as="ul">
            {areas.map((area) => (
              <ListGroup.Item as="li" key={area.areaId} className="d-flex gap-2 align-items-start">
                <div className="me-auto min-w-0">
                  <div className="fw-semibold text-break" title={area.name}>
                    <span className="lf-color-swatch me-2" style={{ background: area.color }} aria-hidden="true" />
                    {truncate(area.name, LIMITS.truncateName)}
                  </div>
                  <div className="small text-body-secondary">{area.polygon.length} vertices</div>
                </div>
                {canManage && onReshapeArea && (
                  <Button
                    size="sm"
                    variant={area.areaId === reshapingAreaId ? 'primary' : 'outline-primary'}
                    aria-pressed={area.areaId === reshapingAreaId}
                    onClick={() => onReshapeArea(area)}
                    aria-label={`Reshape area ${area.name} on the map`}
                  >
                    Reshape
                  </Button>
                )}
                {canManage && (
                  <>
                    <Button size="sm" variant="outline-primary" onClick={() => onEditArea(area)} aria-label={`Edit area ${area.name}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => onDeleteArea(area)} aria-label={`Delete area ${area.name}`}>
                      Delete
                    </Button>
                  </>
                )}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </section>
    </div>
  );
}
