-- A refund is done when its provider says so, not when we ask. `status` is the provider's last answer
-- about one refund: 'pending' (Pix devolução EM_PROCESSAMENTO, PayPal refund PENDING: re-read by the cron until it
-- settles), 'done' (DEVOLVIDO / COMPLETED / Rede's acceptance), 'failed' (NAO_REALIZADO / a refusal: the money is
-- still ours to give back) or 'owed' (no refund API — a paid boleto at Inter: returned by bank transfer from the back
-- office). NULL: recorded, no provider answer yet (the cron sends it) or a sandbox refund (recorded only).
-- `refund_key` is our idempotency id for it at the provider (Pix devolução id, PayPal-Request-Id suffix), needed to
-- read it back; NULL means the default `VTRRF<id>` (payments/refunds.ts).
ALTER TABLE payment_refunds ADD COLUMN status TEXT CHECK (status IN ('pending', 'done', 'failed', 'owed'));
ALTER TABLE payment_refunds ADD COLUMN refund_key TEXT;
-- Refunds a provider already made before this migration were taken as done.
UPDATE payment_refunds SET status = 'done' WHERE provider_refund_id IS NOT NULL;
CREATE INDEX payment_refunds_pending ON payment_refunds (status) WHERE status = 'pending';
