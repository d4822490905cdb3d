import { Link } from 'react-router';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { Item } from '@loreforge/contract';
import { AccessDetails } from '../../../components/access/AccessDetails';
import { DetailList } from '../../../components/entity-view/DetailList';
import { JsonObjectTable } from '../../../components/entity-view/JsonObjectTable';
import { formatDateTime } from '../../../lib/format';
import { ItemAsOfNow } from './ItemAsOfNow';
import { RichText } from '../../../components/rich-text/RichText';
import { MentionedIn } from '../../../components/rich-text/MentionedIn';
import { ConnectionsPanel } from '../../../components/connections/ConnectionsPanel';

/**
 * The Item Details tab (SPEC §2 Items, §3 Item): the stored record, labelled as the start of the story
 * (description, dates, then properties and attributes as name/value tables), and beside it who holds the item as
 * of a chosen timeline's now.
 * @param item the loaded item.
 */
export function ItemDetailsTab({ item }: { item: Item }) {
  return (
    <Row className="g-4">
      <Col lg={7}>
        <StoredItem item={item} />
      </Col>
      <Col lg={5}>
        <ItemAsOfNow worldId={item.worldId} item={item} />
      </Col>
    </Row>
  );
}

function StoredItem({ item }: { item: Item }) {
  return (
    <div className="d-grid gap-4">
      <p className="small text-body-secondary mb-0">
        <strong className="text-body">Stored record</strong>: the item at the start of every timeline; its holders at the start are under{' '}
        <Link to={`/worlds/${item.worldId}/items/${item.itemId}/character-instances`}>Character Instances</Link>.
      </p>
      <DetailList
        rows={[
          { label: 'Description', value: item.descriptionHtml ? <RichText worldId={item.worldId} html={item.descriptionHtml} /> : null },
          { label: 'Created', value: formatDateTime(item.createdAt) },
          { label: 'Updated', value: formatDateTime(item.updatedAt) },
        ]}
      />
      <AccessDetails worldId={item.worldId} entity={item} />
      <ConnectionsPanel worldId={item.worldId} here={{ type: 'item', id: item.itemId }} hereName={item.name} />
      <MentionedIn worldId={item.worldId} type="item" id={item.itemId} />
      <section aria-labelledby="item-properties">
        <h2 id="item-properties" className="h5">
          Properties
        </h2>
        <JsonObjectTable value={item.properties} caption="Properties" emptyText="No properties defined." />
      </section>
      <section aria-labelledby="item-attributes">
        <h2 id="item-attributes" className="h5">
          Attributes
        </h2>
        <JsonObjectTable value={item.attributes} caption="Attributes" emptyText="No attributes defined." />
      </section>
    </div>
  );
}
