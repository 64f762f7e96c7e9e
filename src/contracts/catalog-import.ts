/** The catalog import's answers. */
export interface ImportDryRun {
  summary: string;
  counts: { new: number; changed: number; unchanged: number; errors: number };
  errors: { line: number; reason: string }[];
  errorsCsv: string;
  jobId: number | null;
}

export interface ImportJobState {
  id: number;
  status: 'pending' | 'done' | 'failed';
  summary: string;
  total: number;
  done: number;
  error: string | null;
}
