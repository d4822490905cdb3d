/**
 * Outgoing webhooks of a world (issue 15), owner only: the list, the delivery log of one, and the writes. Every
 * write refreshes the world's webhooks; a create or rotation answers the secret, shown once by the caller.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pagination, Webhook, WebhookCreateInput, WebhookDelivery, WebhookUpdateInput, WebhookWithSecret } from '@loreforge/contract';
import { api } from './client';
import { webhooksResource } from './registry';

const webhooksPath = (worldId: string) => webhooksResource(worldId).path;

/** Query keys: under the world's key, so a world-wide invalidation reaches them too. */
export const webhookKeys = {
  all: (worldId: string) => ['worlds', worldId, 'webhooks'] as const,
  deliveries: (worldId: string, webhookId: string, page: number) => ['worlds', worldId, 'webhooks', webhookId, 'deliveries', page] as const,
};

/** GET /worlds/{worldId}/webhooks (enabled for the owner only). */
export function useWebhooks(worldId: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.all(worldId),
    queryFn: async ({ signal }) => (await api.get<{ data: Webhook[] }>(webhooksPath(worldId), { signal })).data,
    enabled,
  });
}

/** GET …/webhooks/{webhookId}/deliveries: one page of attempts, newest first; refreshed every 5 s while shown. */
export function useWebhookDeliveries(worldId: string, webhookId: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(worldId, webhookId, page),
    queryFn: ({ signal }) =>
      api.get<{ data: WebhookDelivery[]; pagination: Pagination }>(`${webhooksPath(worldId)}/${encodeURIComponent(webhookId)}/deliveries`, {
        query: { page, limit: 10 },
        signal,
      }),
    refetchInterval: 5_000,
  });
}

/** Create, change (url, events, active), rotate the secret, delete. Each throws ApiError with the server's message. */
export function useWebhookMutations(worldId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(worldId) });
  const base = webhooksPath(worldId);
  return {
    create: useMutation({ mutationFn: (input: WebhookCreateInput) => api.post<WebhookWithSecret>(base, input), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ webhookId, input }: { webhookId: string; input: WebhookUpdateInput }) =>
        api.put<Webhook>(`${base}/${encodeURIComponent(webhookId)}`, input),
      onSuccess: refresh,
    }),
    rotate: useMutation({
      mutationFn: (webhookId: string) => api.post<WebhookWithSecret>(`${base}/${encodeURIComponent(webhookId)}/secret`, undefined),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (webhookId: string) => api.delete(`${base}/${encodeURIComponent(webhookId)}`), onSuccess: refresh }),
  };
}
