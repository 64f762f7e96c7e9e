-- An attempt given up on may have a provider id of its own that our reference does not find — a boleto
-- Inter registered but was still issuing (`EM_PROCESSAMENTO`) when we gave up: cancelling it needs Inter's
-- `codigoSolicitacao`. `provider_ref` keeps it, so the cron's withdrawal (payments/attempts.ts) reaches that boleto
-- even when the checkout's own /cancelar failed; the boleto never stays registered in the shopper's name.
ALTER TABLE payment_attempts ADD COLUMN provider_ref TEXT;
