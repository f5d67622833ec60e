import { Module } from '@nestjs/common';
import { HistoryPdfController } from './history-pdf.controller.js';
import { ReportsController } from './reports.controller.js';

/** /api/reports/**, /api/machines/{id}/history.csv and .pdf (report-service; the PDF is made here, beside the photos). */
@Module({ controllers: [ReportsController, HistoryPdfController] })
export class ReportsModule {}
