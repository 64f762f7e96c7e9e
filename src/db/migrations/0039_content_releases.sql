-- The storefront's content in the back office (ADR 0033): the announcement strip, the promotion banner's
-- parameters, the home hero and the Menu-Topo tree, edited as ONE draft document and published together.
--
-- `content_draft` (a single row): the working copy, `body` the whole document as JSON (NULL: no pending edits, the
-- draft is what is live). `version` guards every content form: a save's first statement sets
-- `version = CASE WHEN version = <the form's> THEN version + 1 END`, so a form shown before another save makes it
-- NULL and this NOT NULL aborts the whole batch (a 409, no lost edit, no audit row).
--
-- `content_releases`: every published document, append-only; the newest row is what the storefront shows (its
-- parts live in `parameters` and `menu_items`, whose triggers of 0016 bump content_version, so edge-cached pages
-- miss). "Restaurar versão anterior" publishes the row before the newest again, as a new row (`restored_from`).
CREATE TABLE content_draft (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  body TEXT CHECK (body IS NULL OR json_valid(body)),
  version INTEGER NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO content_draft (id, body, version) VALUES (1, NULL, 1);

CREATE TABLE content_releases (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  body TEXT NOT NULL CHECK (json_valid(body)),
  -- NULL: the live content as it was found before the first publish (the seed's, or an earlier deploy's).
  staff_id INTEGER REFERENCES staff (customer_id),
  restored_from INTEGER REFERENCES content_releases (id),
  published_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TRIGGER content_releases_append_only_update BEFORE UPDATE ON content_releases BEGIN
  SELECT RAISE(ABORT, 'content_releases is append-only');
END;
