import type { ApiClient } from '../../api/client';
import { recentServicesPath, type ServiceListParams, type ServiceRecordPage } from './service-list';

export const serviceKeys = {
  all: ['services'] as const,
  recent: (params: ServiceListParams) => ['services', 'recent', params] as const,
};

export const servicesApi = {
  recent: (api: ApiClient, params: ServiceListParams) => api.get<ServiceRecordPage>(recentServicesPath(params)),
};
