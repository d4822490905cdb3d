import type { AreaCreateInput, MapArea, MapPoint, PointCreateInput } from '@loreforge/contract';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { AreaFormModal } from './AreaFormModal';
import { PointFormModal } from './PointFormModal';
import type { MapDialog } from './map-screen-state';

/** What a delete confirmation of the map screen removes. */
export type DeleteTarget = Extract<MapDialog, { kind: 'delete' }>['target'];

/** Props of {@link MapDialogs}. */
export interface MapDialogsProps {
  worldId: string;
  /** The dialog open, or null. */
  dialog: MapDialog | null;
  onClose: () => void;
  /** Saves a point: creates it when `editing` is null. Rejects with the ApiError the form shows. */
  onSavePoint: (input: PointCreateInput, editing: MapPoint | null) => Promise<unknown>;
  /** Saves an area: creates it when `editing` is null. Rejects with the ApiError the form shows. */
  onSaveArea: (input: AreaCreateInput, editing: MapArea | null) => Promise<unknown>;
  onConfirmDelete: (target: DeleteTarget) => Promise<void>;
}

/**
 * The one dialog the map screen has open: the point form, the area form (with the corners just drawn) or the
 * delete confirmation of a point, an area or the map's image (SPEC §2 Maps).
 */
export function MapDialogs({ worldId, dialog, onClose, onSavePoint, onSaveArea, onConfirmDelete }: MapDialogsProps) {
  const target = dialog?.kind === 'delete' ? dialog.target : null;
  return (
    <>
      {dialog?.kind === 'point' && (
        <PointFormModal
          worldId={worldId}
          point={dialog.point}
          position={dialog.position}
          onClose={onClose}
          onSave={(input) => onSavePoint(input, dialog.point)}
        />
      )}
      {dialog?.kind === 'area' && (
        <AreaFormModal
          worldId={worldId}
          area={dialog.area}
          drawn={dialog.drawn}
          onClose={onClose}
          onSave={(input) => onSaveArea(input, dialog.area)}
        />
      )}
      <ConfirmDeleteModal
        show={target !== null}
        entityType={target?.kind === 'image' ? 'map image' : `map ${target?.kind ?? 'point'}`}
        entityName={target?.kind === 'point' ? target.point.name : target?.kind === 'area' ? target.area.name : null}
        onCancel={onClose}
        onConfirm={() => (target ? onConfirmDelete(target) : Promise.resolve())}
      />
    </>
  );
}
