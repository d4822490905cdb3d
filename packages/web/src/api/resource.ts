/**
 * The pattern every resource module follows: plain async functions for one collection path, query keys
 * derived from that path, and TanStack Query hooks on top. A resource module (e.g. `characters.ts`) is then
 * a few lines: `const characters = (worldId) => createResource<Character, CharacterCreateInput>(`/worlds/${worldId}/characters`)`.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api, StaleVersionError } from './client';
import { listQuery, toListResult, type ListParams, type ListResult } from './list';
import { LOOKUP_PARAMS } from './lookup';

/** CRUD calls of one collection, e.g. `/worlds/{w}/characters`. Every function throws ApiError on failure. */
export interface Resource<T, TInput> {
  /** The collection path below `/api`. */
  readonly path: string;
  /** Query-key prefix of everything under this collection (invalidate it after writes). */
  readonly key: QueryKey;
  /** Query key of one list page. */
  listKey: (params: ListParams) => QueryKey;
  /** Query key of one entity. */
  detailKey: (id: string) => QueryKey;
  /** GET the collection with page, limit, search and sort. */
  list: (params: ListParams, signal?: AbortSignal) => Promise<ListResult<T>>;
  /** GET one entity by id. */
  get: (id: string, signal?: AbortSignal) => Promise<T>;
  /** POST a new entity; resolves to the created entity (201). */
  create: (input: TInput) => Promise<T>;
  /** PUT a full update; with `version` (the loaded `updatedAt`) a stale edit is refused with 409. */
  update: (id: string, input: TInput, version?: string) => Promise<T>;
  /** DELETE one entity (204); with `version` a stale delete is refused with 409. */
  remove: (id: string, version?: string) => Promise<void>;
}

/** Splits an API path into query-key segments, so `/worlds/1/maps` invalidates with `['worlds','1']`. */
function pathKey(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * Builds the CRUD calls of one collection.
 * @param path collection path below `/api`, e.g. `/worlds/${worldId}/items`.
 */
export function createResource<T, TInput>(path: string): Resource<T, TInput> {
  const key = pathKey(path);
  return {
    path,
    key,
    listKey: (params) => [...key, 'list', params],
    detailKey: (id) => [...key, id],
    list: async (params, signal) => toListResult<T>(await api.get<unknown>(path, { query: listQuery(params), signal })),
    get: (id, signal) => api.get<T>(`${path}/${encodeURIComponent(id)}`, { signal }),
    create: (input) => api.post<T>(path, input),
    update: (id, input, version) => api.put<T>(`${path}/${encodeURIComponent(id)}`, input, { version }),
    remove: (id, version) => api.delete(`${path}/${encodeURIComponent(id)}`, { version }),
  };
}

/**
 * One page of a collection, keeping the previous page on screen while the next loads.
 * @param resource the collection; @param params page, limit, search, sort.
 * @param enabled false to wait (e.g. for a route parameter).
 */
export function useResourceList<T, TInput>(resource: Resource<T, TInput>, params: ListParams, enabled = true) {
  return useQuery({
    queryKey: resource.listKey(params),
    queryFn: ({ signal }) => resource.list(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One entity of a collection by id; disabled while `id` is undefined. */
export function useResourceItem<T, TInput>(resource: Resource<T, TInput>, id: string | undefined) {
  return useQuery({
    queryKey: resource.detailKey(id ?? ''),
    queryFn: ({ signal }) => resource.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

function versionOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('updatedAt' in value)) return undefined;
  return typeof value.updatedAt === 'string' ? value.updatedAt : undefined;
}

function holdsId(row: unknown, id: string): boolean {
  return typeof row === 'object' && row !== null && Object.entries(row).some(([key, value]) => key.endsWith('Id') && value === id);
}

/**
 * The version of an entity as this page loaded it: its detail query, else the list row it was picked from.
 * @returns its `updatedAt`, or undefined when it was never loaded (the server then skips the check).
 */
export function loadedVersion<T, TInput>(queryClient: QueryClient, resource: Resource<T, TInput>, id: string): string | undefined {
  const detail = versionOf(queryClient.getQueryData(resource.detailKey(id)));
  if (detail) return detail;
  for (const [, page] of queryClient.getQueriesData<ListResult<T>>({ queryKey: [...resource.key, 'list'] })) {
    const row = page?.data.find((candidate) => holdsId(candidate, id));
    if (row) return versionOf(row);
  }
  return undefined;
}

/** What an update mutation takes: the entity id, the new values and, optionally, the version edited. */
export interface UpdateVariables<TInput> {
  id: string;
  input: TInput;
  /** The `updatedAt` the form loaded; defaults to the cached entity's. */
  version?: string;
}

/**
 * Create, update and delete mutations for a collection. After each success everything under the
 * collection's first two key segments is invalidated (e.g. `['worlds', worldId]`), which also refreshes the
 * world's counts. Edits and deletes carry the version that was loaded (If-Match), so a change made
 * meanwhile by someone else is never silently overwritten: the mutation fails with a
 * {@link StaleVersionError} whose `reload` refetches the entity.
 */
export function useResourceMutations<T, TInput>(resource: Resource<T, TInput>) {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: resource.key.slice(0, 2) });
  const offerReload = (error: unknown, id: string) => {
    if (error instanceof StaleVersionError) {
      error.reload = async () => {
        await queryClient.refetchQueries({ queryKey: resource.detailKey(id) });
        await invalidate();
      };
    }
  };
  const create = useMutation({ mutationFn: (input: TInput) => resource.create(input), onSuccess: invalidate });
  const update = useMutation({
    mutationFn: async ({ id, input, version }: UpdateVariables<TInput>) => {
      try {
        return await resource.update(id, input, version ?? loadedVersion(queryClient, resource, id));
      } catch (error) {
        offerReload(error, id);
        throw error;
      }
    },
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: async (target: string | { id: string; version?: string }) => {
      const { id, version } = typeof target === 'string' ? { id: target, version: undefined } : target;
      try {
        await resource.remove(id, version ?? loadedVersion(queryClient, resource, id));
      } catch (error) {
        offerReload(error, id);
        throw error;
      }
    },
    onSuccess: invalidate,
  });
  return { create, update, remove };
}

/**
 * Every row of a collection for a select or picker: one page of {@link LOOKUP_PARAMS} (up to 1000 rows by
 * name, SPEC §9 lookup limits), cached under the collection's list key so writes refresh it.
 * @param resource the collection; @param enabled false to wait (e.g. until the person may see it).
 * @returns the TanStack query of that page; its error is the ApiError of the list call.
 */
export function useResourceLookup<T, TInput>(resource: Resource<T, TInput>, enabled = true) {
  return useQuery({
    queryKey: resource.listKey(LOOKUP_PARAMS),
    queryFn: ({ signal }) => resource.list(LOOKUP_PARAMS, signal),
    enabled,
  });
}
