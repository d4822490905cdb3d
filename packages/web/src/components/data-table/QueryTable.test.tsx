import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryTable, type QueryTableSource } from './QueryTable';

interface Link {
  code: string;
  uses: number;
  open: boolean;
}

const loaded = (rows: Link[]): QueryTableSource<Link> => ({
  isPending: false,
  isError: false,
  error: null,
  refetch: () => undefined,
  rows,
});
const COLUMNS = [{ label: 'Link' }, { label: 'Uses' }, { label: 'Actions', hidden: true }];

function renderLinks(rows: Link[]) {
  const ui = (links: Link[]) => (
    <QueryTable
      source={loaded(links)}
      columns={COLUMNS}
      loadingLabel="Loading links..."
      failureMessage="Failed to load links."
      emptyText="No links yet."
      renderRow={(link) => [
        <tr key={link.code}>
          <td>{link.code}</td>
          <td>{link.uses}</td>
          <td>
            <button type="button">Revoke {link.code}</button>
          </td>
        </tr>,
        link.open && (
          <tr key={`${link.code}-log`}>
            <td colSpan={3}>The log of {link.code}</td>
          </tr>
        ),
      ]}
    />
  );
  const view = render(ui(rows));
  return { ...view, rerenderLinks: (links: Link[]) => view.rerender(ui(links)) };
}

describe('QueryTable', () => {
  it("names every cell after its column, so that a phone's stacked rows read 'Column: value'", () => {
    const { rerenderLinks } = renderLinks([{ code: 'emerald', uses: 2, open: true }]);
    expect(screen.getByRole('cell', { name: 'emerald' })).toHaveAttribute('data-label', 'Link');
    expect(screen.getByRole('cell', { name: '2' })).toHaveAttribute('data-label', 'Uses');
    expect(screen.getByRole('cell', { name: 'Revoke emerald' })).toHaveAttribute('data-label', 'Actions');
    // A cell across the whole row (a row's details) is not one column's value.
    expect(screen.getByRole('cell', { name: 'The log of emerald' })).not.toHaveAttribute('data-label');

    // Rows that arrive later are named too.
    rerenderLinks([
      { code: 'emerald', uses: 2, open: false },
      { code: 'ruby', uses: 0, open: false },
    ]);
    expect(screen.getByRole('cell', { name: 'ruby' })).toHaveAttribute('data-label', 'Link');
    expect(screen.getByRole('cell', { name: 'Revoke ruby' })).toHaveAttribute('data-label', 'Actions');
  });

  it('says so when there is nothing to list', () => {
    renderLinks([]);
    expect(screen.getByText('No links yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
