import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { failedToLoad, LIMITS, noneFound, type SortOrder } from '@loreforge/contract';
import { handleError } from '../../api/client';
import type { ListParams, ListResult } from '../../api/list';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useListState } from '../../hooks/useListState';
import { formatDateTime, truncate } from '../../lib/format';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { SecretBadge } from '../access/SecretBadge';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { ErrorAlert } from '../ErrorAlert';
import { FloatingAdd, type QuickCreateContext } from './FloatingAdd';

export type { QuickCreateContext } from './FloatingAdd';
import { LoadingSpinner } from '../LoadingSpinner';
import { TagFilter } from '../tags/TagFilter';
import { Pager } from './Pager';
import './generic-list.css';
import '../data-table/stack-table.css';

/** Where a list's rows come from; a Resource from `api/resource.ts` fits as is. */
export interface ListSource<T> {
  listKey: (params: ListParams) => QueryKey;
  list: (params: ListParams, signal?: AbortSignal) => Promise<ListResult<T>>;
}

/** One column of the list view. */
export interface GenericListColumn<T> {
  /** Field name; also the `sortBy` value when sortable. */
  key: string;
  label: string;
  sortable?: boolean;
  /** How to show the value: names cut at 50, descriptions at 100 characters, dates formatted (SPEC §9). */
  kind?: 'name' | 'description' | 'date' | 'text';
  /** Custom cell; overrides `kind`. */
  render?: (row: T) => ReactNode;
}

/** Props of {@link GenericList}. */
export interface GenericListProps<T> {
  /** Singular, lower case, used in messages: 'No {entity}s found.', 'Failed to load {entity}s. Please try again.' */
  entityName: string;
  /** Heading above the list; omitted when not given. */
  title?: string;
  source: ListSource<T>;
  columns: Array<GenericListColumn<T>>;
  getId: (row: T) => string;
  /** The name shown on grid cards and in the delete question. */
  getName: (row: T) => string;
  getDescription?: (row: T) => string | null | undefined;
  /** Where a row's name links to (its detail page). */
  getViewPath?: (row: T) => string;
  /** Where its Edit action goes; no Edit action without it. */
  getEditPath?: (row: T) => string;
  /** Deletes a row; with it each row gets a Delete action that asks first. */
  onDelete?: (row: T) => Promise<unknown>;
  /** The full create form; the floating add button goes there when there is no quick-create. */
  createPath?: string;
  /** Content of the quick-create popover opened by the floating add button (min width 400px, SPEC §9). */
  renderQuickCreate?: (context: QuickCreateContext) => ReactNode;
  /** Extra buttons per row. */
  renderActions?: (row: T) => ReactNode;
  defaultView?: 'list' | 'grid';
  initialParams?: Partial<ListParams>;
  /** The world whose tags the list can be filtered by (`?tag=`); no tag filter without it (entities with no tags). */
  tagWorldId?: string;
  /**
   * The world the rows belong to, whose role decides which writing controls show (issue 11). Defaults to the route's
   * `:worldId`; a list outside a world's routes (the global quests page) must name it.
   */
  worldId?: string;
}

/** A cell's value as text: strings as they are, numbers and booleans in their usual form, anything else as JSON. */
function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

function renderCell<T>(row: T, column: GenericListColumn<T>): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return <span className="text-body-tertiary">—</span>;
  const text = cellText(value);
  switch (column.kind) {
    case 'name':
      return <span title={text.length > LIMITS.truncateName ? text : undefined}>{truncate(text, LIMITS.truncateName)}</span>;
    case 'description':
      return <span title={text.length > LIMITS.truncateDescription ? text : undefined}>{truncate(text, LIMITS.truncateDescription)}</span>;
    case 'date':
      return <time dateTime={text}>{formatDateTime(text)}</time>;
    default:
      return text;
  }
}

function ariaSort(column: string, params: ListParams): 'ascending' | 'descending' | 'none' {
  if (params.sortBy !== column) return 'none';
  return params.sortOrder === 'asc' ? 'ascending' : 'descending';
}

/**
 * The list used for every collection (SPEC §2 "Generic list", §4 "List view", §9): search, a tag filter (with
 * `tagWorldId`), list or grid
 * view, sortable column headers (the sorted column flips; a new column starts ascending, createdAt
 * descending; page back to 1; on a phone each row stacks its cells with their column names, so no column or
 * action is cut off), the pager (page, size, search, sort and view kept in the query string, so Back
 * and reload return to the same place), a floating add button with a quick-create popover, and Edit and
 * Delete actions (Delete asks first). Shows 'No {entity}s found.' when empty and the server message or
 * 'Failed to load {entity}s. Please try again.' when loading fails (the rows are then cleared).
 */
export function GenericList<T>(props: GenericListProps<T>) {
  const {
    entityName,
    title,
    source,
    columns,
    getId,
    getName,
    getDescription,
    getViewPath,
    defaultView = 'list',
    initialParams,
    tagWorldId,
  } = props;
  // Inside a world, writing controls show only to those whose role allows them (issue 11): creating and
  // deleting to editors, editing also to a player for their assigned characters.
  const routeWorldId = useParams().worldId;
  const access = useWorldAccess(props.worldId ?? routeWorldId);
  const { getEditPath, onDelete, createPath, renderQuickCreate, renderActions } = access.isEditor
    ? props
    : { ...props, onDelete: undefined, createPath: undefined, renderQuickCreate: undefined, renderActions: undefined };
  const { params, view, toggleSort, setSort, setPage, setSearch, setTag, setLimit, setView } = useListState(initialParams, defaultView);
  const [searchText, setSearchText] = useState(params.search ?? '');
  const debouncedSearch = useDebouncedValue(searchText, 300);
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);
  const ids = useId();
  // The search last written to or read from the URL: typing writes it (debounced); Back or a link reads it back.
  const searchInUrl = useRef(params.search ?? '');

  useEffect(() => {
    if (debouncedSearch === searchInUrl.current) return;
    searchInUrl.current = debouncedSearch;
    setSearch(debouncedSearch);
  }, [debouncedSearch, setSearch]);
  useEffect(() => {
    const fromUrl = params.search ?? '';
    if (fromUrl === searchInUrl.current) return;
    searchInUrl.current = fromUrl;
    setSearchText(fromUrl);
  }, [params.search]);

  const query = useQuery({
    queryKey: source.listKey(params),
    queryFn: ({ signal }) => source.list(params, signal),
    placeholderData: keepPreviousData,
  });

  const rows = query.isError ? [] : (query.data?.data ?? []);
  const pagination = query.isError ? undefined : query.data?.pagination;
  const totalPages = pagination?.totalPages ?? 0;
  const plural = `${entityName}s`;
  // A player may edit only their assigned characters: a page where they may act on no row shows no empty column.
  const rowHasActions = (row: T) => Boolean(renderActions ?? onDelete) || Boolean(getEditPath && access.canEdit(row as object));
  const hasActions = rows.some(rowHasActions);
  const sortableColumns = columns.filter((c) => c.sortable);

  const actionButtons = (row: T) => (
    <div className="d-flex flex-wrap gap-1 justify-content-end">
      {renderActions?.(row)}
      {getEditPath && access.canEdit(row as object) && (
        <Link to={getEditPath(row)} className="btn btn-sm btn-outline-primary" aria-label={`Edit ${getName(row)}`}>
          Edit
        </Link>
      )}
      {onDelete && (
        <Button size="sm" variant="outline-danger" onClick={() => setPendingDelete(row)} aria-label={`Delete ${getName(row)}`}>
          Delete
        </Button>
      )}
    </div>
  );

  const nameCell = (row: T) => {
    const name = truncate(getName(row), LIMITS.truncateName);
    return (
      <>
        {getViewPath ? <Link to={getViewPath(row)}>{name}</Link> : name}
        <SecretBadge entity={row as object} />
      </>
    );
  };

  return (
    <section className="lf-generic-list" aria-labelledby={title ? `${ids}-title` : undefined}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        {title && (
          <h2 id={`${ids}-title`} className="h4 mb-0 me-auto">
            {title}
          </h2>
        )}
        <Form.Group controlId={`${ids}-search`} className={title ? '' : 'me-auto'}>
          <Form.Label visuallyHidden>Search {plural}</Form.Label>
          <Form.Control
            type="search"
            placeholder={`Search ${plural}…`}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </Form.Group>
        {tagWorldId && <TagFilter worldId={tagWorldId} value={params.tag ?? ''} onChange={setTag} id={`${ids}-tag`} />}
        {view === 'grid' && sortableColumns.length > 0 && (
          <div className="d-flex gap-1">
            <Form.Group controlId={`${ids}-sort`}>
              <Form.Label visuallyHidden>Sort by</Form.Label>
              <Form.Select value={params.sortBy} onChange={(e) => toggleSort(e.target.value)}>
                {sortableColumns.map((c) => (
                  <option key={c.key} value={c.key}>
                    Sort by {c.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Button
              variant="outline-secondary"
              onClick={() => setSort({ sortBy: params.sortBy ?? 'createdAt', sortOrder: params.sortOrder === 'asc' ? 'desc' : 'asc' })}
              aria-label={`Sort direction: ${params.sortOrder === 'asc' ? 'ascending' : 'descending'}. Switch direction`}
            >
              {params.sortOrder === 'asc' ? '↑' : '↓'}
            </Button>
          </div>
        )}
        <ButtonGroup aria-label="View">
          <Button variant={view === 'list' ? 'primary' : 'outline-primary'} aria-pressed={view === 'list'} onClick={() => setView('list')}>
            List
          </Button>
          <Button variant={view === 'grid' ? 'primary' : 'outline-primary'} aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
            Grid
          </Button>
        </ButtonGroup>
        {/* Floats at the bottom right on wide screens; on a phone it sits here, where it covers no row. */}
        {(renderQuickCreate ?? createPath) && (
          <FloatingAdd entityName={entityName} createPath={createPath} renderQuickCreate={renderQuickCreate} />
        )}
      </div>

      {query.isError && <ErrorAlert message={handleError(query.error, failedToLoad(entityName))} onRetry={() => void query.refetch()} />}
      {query.isPending && <LoadingSpinner label={`Loading ${plural}...`} />}
      {query.isSuccess && rows.length === 0 && (
        <p className="lf-empty text-center text-body-secondary py-4 mb-0">{noneFound(entityName)}</p>
      )}

      {rows.length > 0 && view === 'list' && (
        <div className="table-responsive lf-surface rounded-3">
          <Table hover className="mb-0 align-middle lf-stack-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" aria-sort={column.sortable ? ariaSort(column.key, params) : undefined}>
                    {column.sortable ? (
                      <button type="button" className="lf-sort-button" onClick={() => toggleSort(column.key)}>
                        {column.label}
                        <SortIndicator active={params.sortBy === column.key} order={params.sortOrder} />
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                ))}
                {hasActions && (
                  <th scope="col" className="text-end">
                    Actions
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={getId(row)}>
                  {columns.map((column, index) => (
                    <td key={column.key} data-label={column.label}>
                      {index === 0 && !column.render ? nameCell(row) : renderCell(row, column)}
                    </td>
                  ))}
                  {hasActions && (
                    <td className="text-end" data-label="Actions">
                      {actionButtons(row)}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}

      {rows.length > 0 && view === 'grid' && (
        <Row xs={1} md={2} xl={3} className="g-3">
          {rows.map((row) => (
            <Col key={getId(row)}>
              <Card className="h-100 lf-card">
                <Card.Body>
                  <Card.Title as="h3" className="h6">
                    {nameCell(row)}
                  </Card.Title>
                  {getDescription && (
                    <Card.Text className="text-body-secondary small">
                      {truncate(getDescription(row), LIMITS.truncateDescription) || 'No description.'}
                    </Card.Text>
                  )}
                </Card.Body>
                {rowHasActions(row) && <Card.Footer className="bg-transparent">{actionButtons(row)}</Card.Footer>}
              </Card>
            </Col>
          ))}
        </Row>
      )}

      {pagination && totalPages > 0 && (
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
          <span className="text-body-secondary small" aria-live="polite">
            {pagination.totalItems} {pagination.totalItems === 1 ? entityName : plural} · page {params.page} of {totalPages}
          </span>
          <div className="d-flex align-items-center gap-2">
            <Form.Group controlId={`${ids}-limit`} className="d-flex align-items-center gap-1">
              <Form.Label className="small mb-0 text-nowrap">Per page</Form.Label>
              <Form.Select size="sm" value={params.limit} onChange={(e) => setLimit(Number(e.target.value))}>
                {[10, 25, 50, 100].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Pager current={params.page} total={totalPages} onChange={setPage} label={`${plural} pages`} />
          </div>
        </div>
      )}

      <ConfirmDeleteModal
        show={pendingDelete !== null}
        entityType={entityName}
        entityName={pendingDelete ? getName(pendingDelete) : null}
        onCancel={() => setPendingDelete(null)}
        onConfirm={async () => {
          if (!pendingDelete || !onDelete) return;
          await onDelete(pendingDelete);
          setPendingDelete(null);
          if (rows.length === 1 && params.page > 1) setPage(params.page - 1);
          await query.refetch();
        }}
      />
    </section>
  );
}

function SortIndicator({ active, order }: { active: boolean; order: SortOrder | undefined }) {
  if (!active)
    return (
      <span className="lf-sort-indicator text-body-tertiary" aria-hidden="true">
        ↕
      </span>
    );
  return (
    <span className="lf-sort-indicator" aria-hidden="true">
      {order === 'asc' ? '▲' : '▼'}
    </span>
  );
}
