/**
 * Gifts (docs/product.md, «Money», "Gifts"): the giftable subscriptions, choosing one to buy as a
 * gift, accepting a gift by its token, the gifts bought by and for the viewer, and re-sending a
 * gift's e-mail. A gift is bought as a billing order (billing's confirmation writes the gift row)
 * and granted by grants; gifts imports billing's entry, billing never imports gifts. The domain's
 * one public entry.
 */

export {
  acceptGift,
  chooseGift,
  type GiftProduct,
  type GiftView,
  giftLink,
  giftPreview,
  giftProductList,
  giftSuccessPage,
  giftsFor,
  giftsPage,
  giftTokenHash,
  newGiftToken,
  resendGift,
} from './gifts.ts';
export * as giftSchemas from './schemas.ts';
