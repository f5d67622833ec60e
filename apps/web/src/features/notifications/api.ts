import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhook,
  NotificationChannel,
  NotificationPreferenceKind,
  NotificationPreferences,
  NotificationView,
  Page,
  PushPublicKey,
  PushSubscriptionView,
  PushTestReply,
  Webhook,
  WebhookDelivery,
  WebhookInput,
} from '@wrenchlog/contracts';
import { useApi, useSession } from '../../core/context';
import type { ApiClient } from '../../api/client';

// The calls of issue 24 (notification-service behind the gateway); types from libs/contracts
// (notification/*). The header's bell loads this module on every page: it takes no values from
// the contracts, so their limits and messages stay in the settings and list chunks.

export type Channel = NotificationChannel;
export type KindKey = NotificationPreferenceKind;
export type AppNotification = NotificationView;
export type { NotificationPreferences };

export type { CreatedWebhook, Webhook, WebhookDelivery };

/** The bell re-reads its count this often (and when the window gets focus). */
export const UNREAD_REFETCH_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
  preferences: ['notifications', 'preferences'] as const,
  webhooks: ['webhooks'] as const,
  deliveries: (webhookId: number) => ['webhooks', 'deliveries', webhookId] as const,
};

export const notificationApi = {
  page: (api: ApiClient, page: number, size: number) => api.get<Page<AppNotification>>(`/api/notifications?page=${page}&size=${size}`),
  unreadCount: (api: ApiClient) => api.get<number>('/api/notifications/unread-count'),
  /** No ids: every notification of the user. */
  markRead: (api: ApiClient, ids?: number[]) => api.post<unknown>('/api/notifications/read', ids ? { ids } : {}),
  preferences: (api: ApiClient) => api.get<NotificationPreferences>('/api/notifications/preferences'),
  savePreferences: (api: ApiClient, prefs: NotificationPreferences) => api.put<NotificationPreferences>('/api/notifications/preferences', { ...prefs }),
  webhooks: (api: ApiClient) => api.get<Webhook[]>('/api/webhooks'),
  createWebhook: (api: ApiClient, input: WebhookInput) => api.post<CreatedWebhook>('/api/webhooks', { ...input }),
  deleteWebhook: (api: ApiClient, id: number) => api.delete<void>(`/api/webhooks/${id}`),
  testWebhook: (api: ApiClient, id: number) => api.post<unknown>(`/api/webhooks/${id}/test`),
  deliveries: (api: ApiClient, id: number) => api.get<WebhookDelivery[]>(`/api/webhooks/${id}/deliveries`),
  retryDelivery: (api: ApiClient, deliveryId: number) => api.post<unknown>(`/api/webhooks/deliveries/${deliveryId}/retry`),
  calendarToken: (api: ApiClient) => api.post<{ url: string; webcalUrl?: string }>('/api/calendar/token'),
  /** The server's VAPID public key (URL-safe base64) for PushManager.subscribe. */
  pushPublicKey: async (api: ApiClient) => (await api.get<PushPublicKey>('/api/push/public-key')).publicKey,
  subscribePush: (api: ApiClient, subscription: PushSubscriptionJSON) => api.post<PushSubscriptionView>('/api/push/subscriptions', { ...subscription }),
  /** This device's subscription only (no endpoint would end every device's). */
  unsubscribePush: (api: ApiClient, endpoint: string) => api.delete<void>('/api/push/subscriptions', { endpoint }),
  testPush: (api: ApiClient) => api.post<PushTestReply>('/api/push/test'),
};

/** The bell's count: every minute and whenever the window regains focus, while signed in. */
export function useUnreadCount() {
  const api = useApi();
  const { status } = useSession();
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: () => notificationApi.unreadCount(api),
    enabled: status === 'authenticated',
    refetchInterval: UNREAD_REFETCH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Mark some (or, with no ids, all) read; the list and the bell are read again. */
export function useMarkRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => notificationApi.markRead(api, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Saves the notification settings; the stored ones (or, without a reply body, the sent ones) are cached. */
export function useSavePreferences() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) => notificationApi.savePreferences(api, prefs),
    onSuccess: (answer, sent) => queryClient.setQueryData(notificationKeys.preferences, answer ?? sent),
  });
}

export function useCreateWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookInput) => notificationApi.createWebhook(api, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.webhooks }),
  });
}

/** Deletes a webhook; the list is read again either way (a refused delete may mean it is gone). */
export function useDeleteWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => notificationApi.deleteWebhook(api, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.webhooks }),
  });
}

/** Sends a test event to a webhook; its delivery log is read again. */
export function useTestWebhook(webhookId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => notificationApi.testWebhook(api, webhookId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.deliveries(webhookId) }),
  });
}

export function useRetryDelivery(webhookId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => notificationApi.retryDelivery(api, deliveryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.deliveries(webhookId) }),
  });
}
