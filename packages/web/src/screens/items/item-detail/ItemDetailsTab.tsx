import type { Item } from '@loreforge/contract';
import { AccessDetails } from '../../../components/access/AccessDetails';
import { DetailList } from '../../../components/entity-view/DetailList';
import { JsonObjectTable } from '../../../components/entity-view/JsonObjectTable';
import { formatDateTime } from '../../../lib/format';

/**
 * The Item Details tab (SPEC §2 Items, §3 Item): description, dates, then properties and attributes as
 * name/value tables.
 * @param item the loaded item.
 */
export function ItemDetailsTab({ item }: { item: Item }) {
  return (
    <div className="d-grid gap-4">
      <DetailList
        rows={[
          { label: 'Description', value: item.description },
          { label: 'Created', value: formatDateTime(item.createdAt) },
          { label: 'Updated', value: formatDateTime(item.updatedAt) },
        ]}
      />
      <AccessDetails worldId={item.worldId} entity={item} />
      <section aria-labelledby="item-properties">
        <h2 id="item-properties" className="h5">Properties</h2>
        <JsonObjectTable value={item.properties} caption="Properties" emptyText="No properties defined." />
      </section>
      <section aria-labelledby="item-attributes">
        <h2 id="item-attributes" className="h5">Attributes</h2>
        <JsonObjectTable value={item.attributes} caption="Attributes" emptyText="No attributes defined." />
      </section>
    </div>
  );
}
