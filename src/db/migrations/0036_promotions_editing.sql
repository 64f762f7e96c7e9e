-- Coupons and seller codes edited in the back office (ADR 0031).
-- `version`: optimistic concurrency of the forms. A save's first statement sets
-- `version = CASE WHEN version = <the form's> THEN version + 1 END`: a form shown before another save makes it NULL,
-- this NOT NULL aborts the whole batch (a 409, no lost update, no audit row).
-- Coupons and sellers are never deleted from the back office (orders and uses name them): a coupon is ended
-- (`ends_at`), a seller code deactivated.
ALTER TABLE coupons ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE sellers ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
