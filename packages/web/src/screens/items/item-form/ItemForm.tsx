import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ItemCreateSchema, type Item } from '@loreforge/contract';
import { handleError, retryUnlessMissing } from '../../../api/client';
import { itemsResource, useItem } from '../../../api/items';
import { useResourceMutations } from '../../../api/resource';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GenericForm } from '../../../components/form/GenericForm';
import type { FieldConfig } from '../../../components/form/types';
import { LoadingSpinner } from '../../../components/LoadingSpinner';

const FIELDS: readonly FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'description', label: 'Description', type: 'richtext' },
  {
    name: 'properties',
    label: 'Properties',
    type: 'json',
    rows: 5,
    placeholder: '{ "weight": 2, "material": "steel" }',
    help: 'A JSON object.',
  },
  { name: 'attributes', label: 'Attributes', type: 'json', rows: 4, placeholder: '{ "rarity": "rare" }', help: 'A JSON object.' },
];

const asJsonText = (value: Record<string, unknown> | undefined) =>
  value && Object.keys(value).length > 0 ? JSON.stringify(value, null, 2) : '';

/** The item form's starting values: empty, or the item's values with its JSON pretty-printed. */
export function itemFormValues(item?: Item): Record<string, string> {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    descriptionHtml: item?.descriptionHtml ?? '',
    properties: asJsonText(item?.properties),
    attributes: asJsonText(item?.attributes),
  };
}

/**
 * The item form in a panel (SPEC §2 Items, §5 Item): name (at least 2 characters), description, properties
 * ('Properties field contains invalid JSON.' when it does not parse) and attributes. Creates when the route
 * has no itemId, else edits ('Failed to load item data.' if it cannot be loaded). Saving failures: the
 * server message or 'Failed to save item.' On save it opens the item.
 */
export function ItemForm() {
  const { worldId = '', itemId } = useParams();
  const navigate = useNavigate();
  const query = useItem(worldId, itemId);
  const { create, update } = useResourceMutations(itemsResource(worldId));
  const defaults = useMemo(() => itemFormValues(query.data), [query.data]);
  const editing = Boolean(itemId);
  const base = `/worlds/${worldId}/items`;

  let body;
  if (editing && query.isPending) body = <LoadingSpinner label="Loading item..." />;
  else if (editing && query.isError) {
    body = (
      <ErrorAlert
        message={handleError(query.error, 'Failed to load item data.')}
        onRetry={retryUnlessMissing(query.error, () => void query.refetch())}
      />
    );
  } else {
    body = (
      <GenericForm
        access={{ worldId, entity: query.data }}
        schema={ItemCreateSchema}
        fields={FIELDS}
        defaultValues={defaults}
        submitLabel={editing ? 'Save item' : 'Create item'}
        failureFallback="Failed to save item."
        onCancel={() => void navigate(itemId ? `${base}/${itemId}` : base)}
        onSubmit={async (values) => {
          const saved = itemId ? await update.mutateAsync({ id: itemId, input: values }) : await create.mutateAsync(values);
          void navigate(`${base}/${saved.itemId}`);
        }}
      />
    );
  }
  return (
    <EntityPanel framed={!editing} level={editing ? 2 : 1} title={editing ? 'Edit Item' : 'Create Item'}>
      {body}
    </EntityPanel>
  );
}
