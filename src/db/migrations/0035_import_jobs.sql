-- CSV catalog import: a job holds the dry run's plan (only products to create or change, and only when
-- the file had no row error) and its progress. Each product is applied in ONE batch with a row in
-- import_job_steps (job, step): a step already written aborts the batch (PRIMARY KEY), so a job resumed after a
-- failure, or run twice at once, never applies a product twice; `done` is the count of its steps.
CREATE TABLE import_jobs (
  id INTEGER PRIMARY KEY,
  status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
  summary TEXT NOT NULL,
  plan TEXT NOT NULL,
  total INTEGER NOT NULL,
  error TEXT,
  staff_id INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE import_job_steps (
  job_id INTEGER NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
  step INTEGER NOT NULL,
  PRIMARY KEY (job_id, step)
) WITHOUT ROWID;
