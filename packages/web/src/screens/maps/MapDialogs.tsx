import { Suspense } from 'react';
import type { AreaCreateInput, MapArea, MapPoint, PointCreateInput } from '@loreforge/contract';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { lazyWithPreload } from '../../components/lazy-with-preload';
import type { MapDialog } from './map-screen-state';

// The point and area forms bring the rich-text editor, the app's largest chunk: a map is read far more often than
// it is edited, so they load apart from the page (see preloadFeatureForms).
const pointForm = lazyWithPreload(async () => (await import('./PointFormModal')).PointFormModal);
const areaForm = lazyWithPreload(async () => (await import('./AreaFormModal')).AreaFormModal);
const PointFormModal = pointForm.Component;
const AreaFormModal = areaForm.Component;

/**
 * Starts loading the point and area forms without showing them, so a dialog opens at once when an editor asks for
 * it. The map screen calls it once an editor's page is on screen; readers never load the forms.
 * @returns nothing; a failed load is retried, and shown, when a dialog renders.
 */
export function preloadFeatureForms(): void {
  pointForm.preload();
  areaForm.preload();
}

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
 * delete confirmation of a point, an area or the map's image (SPEC §2 Maps). The forms load on first use; until
 * they have arrived the dialog is not shown yet (the page around it stays as it was).
 */
export function MapDialogs({ worldId, dialog, onClose, onSavePoint, onSaveArea, onConfirmDelete }: MapDialogsProps) {
  const target = dialog?.kind === 'delete' ? dialog.target : null;
  return (
    <>
      <Suspense fallback={null}>
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
      </Suspense>
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
