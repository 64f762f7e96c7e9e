-- A paid boleto of a cancelled order is refunded by bank transfer (Inter's collection API has no refund):
-- its payment_refunds row is `owed`. The shopper gives the account to pay it into from the account area; the back
-- office marks the transfer made (`paid_out_at`), which turns the refund `done` in the same batch.
CREATE TABLE refund_payouts (
  refund_id INTEGER PRIMARY KEY REFERENCES payment_refunds (id) ON DELETE CASCADE,
  bank TEXT NOT NULL CHECK (length(bank) = 3 AND bank NOT GLOB '*[^0-9]*'),
  agency TEXT NOT NULL CHECK (length(agency) BETWEEN 1 AND 6),
  account TEXT NOT NULL CHECK (length(account) BETWEEN 2 AND 20),
  holder_cpf TEXT NOT NULL CHECK (length(holder_cpf) = 11 AND holder_cpf NOT GLOB '*[^0-9]*'),
  given_at TEXT NOT NULL,
  paid_out_at TEXT
);
