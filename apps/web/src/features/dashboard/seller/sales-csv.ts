import { pathOf } from '../../../lib/endpoint.ts';
import { datedName, downloadFile } from '../download-file.ts';

/** Downloads the seller's sales as CSV (GET /api/earnings/sales.csv), fetched with the session's token: `sales-2026-11-25.csv`. */
export const downloadSalesCsv = (token: string | null): Promise<void> => downloadFile(pathOf('salesCsv'), { token, fallbackName: datedName('sales') });
