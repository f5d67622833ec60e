// Producer: gateway (GET /api/machines/{id}/history-counts, gathered from the owning services). Consumer: web.

/** What deleting a machine would take with it, so the dialog can say it (issue 18). */
export interface MachineHistoryCounts {
  serviceRecords: number;
  fuelRecords: number;
  purchases: number;
  /** Photos of the machine (profile and gallery) and of its service records. */
  photos: number;
  /** Documents (PDFs) of the machine and of its records (issue 18). */
  documents: number;
}
