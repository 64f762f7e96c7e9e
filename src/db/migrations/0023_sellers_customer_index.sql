-- Every read of a customer (the session on each signed-in page, the menu's "Minhas vendas") asks whether a seller
-- code is linked to the account (customers/repo.ts COLUMNS: EXISTS … sellers.customer_id), and the sales report
-- lists a customer's codes: an index on the link, so neither walks the whole sellers table.
CREATE INDEX sellers_customer ON sellers (customer_id);
