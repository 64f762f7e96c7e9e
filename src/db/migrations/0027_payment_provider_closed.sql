-- A cancelled sale's charge is withdrawn at its provider (Pix PATCH /cob REMOVIDA_PELO_USUARIO_RECEBEDOR,
-- Inter /cancelar, Rede cancellation), and money that reached it anyway is refunded. `provider_closed_at` is when the
-- provider last confirmed that nothing is held for a payment we no longer honour (charge withdrawn or lapsed,
-- authorization voided, late money refunded). NULL on a cancelled live payment: the back office's cancel or the cron
-- still has to reach the provider (payments/cancel.ts closeCancelled).
ALTER TABLE payments ADD COLUMN provider_closed_at TEXT;
CREATE INDEX payments_to_close ON payments (status) WHERE status = 'cancelled' AND provider_closed_at IS NULL;
