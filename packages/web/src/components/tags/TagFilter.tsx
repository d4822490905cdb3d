import Form from 'react-bootstrap/Form';
import { useWorldTags } from '../../api/tags';

/** Props of {@link TagFilter}. */
export interface TagFilterProps {
  worldId: string;
  /** The chosen tag, '' for every entity. */
  value: string;
  onChange: (tag: string) => void;
  /** Unique id for the select's label. */
  id: string;
}

/**
 * A list's tag filter (issue "Linked lore": lists filter by tag): a select of the world's tags with how many
 * entities carry each, and "All tags". Hidden while the world has no tags, unless one is chosen (a shared link).
 */
export function TagFilter({ worldId, value, onChange, id }: TagFilterProps) {
  const tags = useWorldTags(worldId);
  const options = tags.data?.data ?? [];
  if (options.length === 0 && !value) return null;
  const known = options.some((option) => option.tag.toLowerCase() === value.toLowerCase());
  return (
    <Form.Group controlId={id}>
      <Form.Label visuallyHidden>Filter by tag</Form.Label>
      <Form.Select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All tags</option>
        {!known && value && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.tag} value={option.tag}>
            {option.tag} ({option.count})
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
