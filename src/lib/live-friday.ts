/**
 * Live Friday is the brand's Black Friday: the last Friday of November, opening at 00:00 in São Paulo
 * (UTC−3 all year since 2019). The pre-campaign counts down to the next opening; during the day itself
 * (and until the next year's pre-campaign) the countdown targets next year's.
 */
const SAO_PAULO_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function lastFridayOfNovember(year: number): number {
  const lastDay = new Date(Date.UTC(year, 10, 30));
  const back = (lastDay.getUTCDay() - 5 + 7) % 7;
  return Date.UTC(year, 10, 30 - back) + SAO_PAULO_OFFSET_MS;
}

/** The start (epoch ms) of the next Live Friday, or of the one running now (it lasts the whole day). */
export function liveFridayStart(now: number): number {
  const year = new Date(now - SAO_PAULO_OFFSET_MS).getUTCFullYear();
  const thisYear = lastFridayOfNovember(year);
  return now < thisYear + DAY_MS ? thisYear : lastFridayOfNovember(year + 1);
}
