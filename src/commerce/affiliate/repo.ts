export interface AffiliateRepo {
  /** Records the affiliate site on an open cart; false when there is no such open cart. */
  attach(cartId: string, siteId: string): Promise<boolean>;
}

export function affiliateRepo(db: D1Database): AffiliateRepo {
  return {
    async attach(cartId, siteId) {
      const result = await db
        .prepare("UPDATE carts SET affiliate_site_id = ?2 WHERE id = ?1 AND status = 'open'")
        .bind(cartId, siteId)
        .run();
      return result.meta.changes > 0;
    },
  };
}
