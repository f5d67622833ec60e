import type { ApiClient } from '../../api/client';
import { recentRecordsPath, type RecordListParams, type ServiceRecordPage } from './service-record-list';

export const serviceRecordListKeys = {
  all: ['services'] as const,
  recent: (params: RecordListParams) => ['services', 'recent', params] as const,
};

export const serviceRecordListApi = {
  recent: (api: ApiClient, params: RecordListParams) => api.get<ServiceRecordPage>(recentRecordsPath(params)),
};
