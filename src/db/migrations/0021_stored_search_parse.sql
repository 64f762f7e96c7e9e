-- A search's stored pages keyed by its words as typed (folded), not by its full-text match: a stored
-- search is then read in one round trip, without first looking its words up (known terms, typo neighbours).
-- The summary of such a key keeps what that lookup gave at its content version — the match expression and the
-- corrections, as JSON { match, corrected } — so a sort or a page not stored yet is computed without it too.
-- NULL for listings and for summaries keyed by a match.
ALTER TABLE listing_summaries ADD COLUMN search TEXT;
