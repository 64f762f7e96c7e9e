-- Customers in the back office (ADR 0031).
-- `erased_at`: an LGPD erasure anonymised this account (name, e-mail, CPF, phone, birth date, password, addresses);
-- its orders stay, with anonymised personal data. The erase's first statement acts only WHERE erased_at IS NULL.
ALTER TABLE customers ADD COLUMN erased_at TEXT;
-- A staff member's cashback adjustment says why (the audit row says who).
ALTER TABLE cashback_entries ADD COLUMN note TEXT CHECK (note IS NULL OR length(note) <= 200);
