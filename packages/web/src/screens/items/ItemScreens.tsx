/*
 * Items (SPEC §2 "Under a world: Items", §3 Item and Item instance, §5 Item). The routes in
 * `routes/world-routes.tsx` point at these exports; each screen lives in its own folder.
 */
import Container from 'react-bootstrap/Container';
import { ItemForm } from './item-form/ItemForm';

export { ItemsTab } from './items-tab/ItemsTab';
export { ItemScreen } from './item-detail/ItemScreen';

/** /worlds/:worldId/items/create: the item form as a page of its own (editing happens inside ItemScreen). */
export function ItemFormScreen() {
  return (
    <Container className="py-4" style={{ maxWidth: 820 }}>
      <ItemForm />
    </Container>
  );
}
