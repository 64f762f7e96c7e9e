import { DAY_MS, fromStoreWall, toStoreWall } from '../format/dates';

/**
 * Live Friday is the brand's Black Friday: the last Friday of November, opening at 00:00 in São Paulo.
 * The pre-campaign counts down to the next opening; during the day itself (and until the next year's
 * pre-campaign) the countdown targets next year's.
 */
function lastFridayOfNovember(year: number): number {
  const lastDay = new Date(Date.UTC(year, 10, 30));
  const back = (lastDay.getUTCDay() - 5 + 7) % 7;
  return fromStoreWall(Date.UTC(year, 10, 30 - back));
}

/** The start (epoch ms) of the next Live Friday, or of the one running now (it lasts the whole day). */
export function liveFridayStart(now: number): number {
  const year = new Date(toStoreWall(now)).getUTCFullYear();
  const thisYear = lastFridayOfNovember(year);
  return now < thisYear + DAY_MS ? thisYear : lastFridayOfNovember(year + 1);
}
