/*
 * Items (SPEC §2 "Under a world: Items", §3 Item and Item instance, §5 Item): the form's route module. The list
 * and the item's page are routed from their own modules (`routes/world-routes.tsx`), so they do not load it.
 */
import Container from 'react-bootstrap/Container';
import { ItemForm } from './item-form/ItemForm';

/** /worlds/:worldId/items/create: the item form as a page of its own (editing happens inside ItemScreen). */
export function ItemFormScreen() {
  return (
    <Container className="py-4" style={{ maxWidth: 820 }}>
      <ItemForm />
    </Container>
  );
}
