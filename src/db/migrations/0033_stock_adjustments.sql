-- Stock per location: every stock row (SKU × store: `fabrica` and the physical stores the omnichannel
-- quote ships or hands over from) carries a version, and every change the back office makes is logged with a reason.
--
-- `version` is bumped by a trigger on ANY change of `quantity` (an order's decrement, a release on cancel/expiry,
-- an adjustment), so a back-office save that read version N writes only while the row is still at N: a stale
-- save (another adjustment, or a sale in between) is refused with 409 instead of overwriting what happened since.
ALTER TABLE stock ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER stock_version_bump AFTER UPDATE OF quantity ON stock
  WHEN NEW.version = OLD.version AND NEW.quantity IS NOT OLD.quantity
BEGIN
  UPDATE stock SET version = OLD.version + 1
   WHERE product_item_id = NEW.product_item_id AND store_id = NEW.store_id;
END;

-- The adjustment log: append-only (no code path updates or deletes it). `quantity_before` is read INSIDE the
-- adjustment's batch under the version the form was shown with; when the row moved on, it is NULL and this
-- NOT NULL aborts the whole batch (the optimistic-concurrency guard).
CREATE TABLE stock_adjustments (
  id INTEGER PRIMARY KEY,
  product_item_id INTEGER NOT NULL REFERENCES product_items (id) ON DELETE CASCADE,
  store_id INTEGER NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('recebimento', 'contagem', 'avaria', 'perda', 'devolucao', 'transferencia', 'correcao')),
  note TEXT CHECK (note IS NULL OR length(note) <= 200),
  quantity_before INTEGER NOT NULL CHECK (quantity_before >= 0),
  quantity_after INTEGER NOT NULL CHECK (quantity_after >= 0),
  -- The staff member (customers.id, the staff table's key).
  staff_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX stock_adjustments_by_item ON stock_adjustments (product_item_id, store_id, id);
CREATE INDEX stock_adjustments_by_date ON stock_adjustments (created_at);
