import Table from 'react-bootstrap/Table';
import { formatVariableValue } from '../json-variable-editor/variable-value';

/** Props of {@link JsonObjectTable}. */
export interface JsonObjectTableProps {
  /** The object to show (properties, attributes). */
  value: Record<string, unknown> | null | undefined;
  /** Caption naming the table for assistive technology, e.g. 'Properties'. */
  caption: string;
  /** Text when the object has no keys. */
  emptyText: string;
}

/**
 * Shows a JSON object as a two-column table of names and values (nested values as compact JSON), for item
 * properties and attributes (SPEC §3 Item).
 */
export function JsonObjectTable({ value, caption, emptyText }: JsonObjectTableProps) {
  const entries = Object.entries(value ?? {});
  if (entries.length === 0) return <p className="text-body-secondary mb-0">{emptyText}</p>;
  return (
    <Table size="sm" bordered className="mb-0 align-middle">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([name, entry]) => (
          <tr key={name}>
            <th scope="row" className="fw-semibold text-break">
              {name}
            </th>
            <td className="text-break font-monospace small">{formatVariableValue(entry)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
